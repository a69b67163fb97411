import type { z } from "zod";
import type { Responses, ResponseSpec } from "./operation";

/** What a service returns when its status and body are known only at run time: status, body, headers. */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A reply whose status and body type are known where it is built (`reply(201, card)`). */
interface TypedReply<S extends number, B> {
  status: S;
  body: B;
  headers?: Record<string, string>;
}

/** One reply per status when the status is chosen at run time (`reply(created ? 201 : 200, x)`). */
type RepliesOf<S extends number, B> = S extends number ? TypedReply<S, B> : never;

export function reply<const S extends number>(status: S): RepliesOf<S, undefined>;
export function reply<const S extends number, B>(status: S, body: B, headers?: Record<string, string>): RepliesOf<S, B>;
export function reply(status: number, body?: unknown, headers?: Record<string, string>): Reply {
  return { status, body, headers };
}

declare const checkedAtRuntime: unique symbol;

/**
 * A reply whose body is known only at run time: the stored terminal answer of a signed retry replayed, or an
 * answer chosen among several operations' shapes. The edge's parse through the operation's response schema is its
 * only check, so a handler has to say so (`runtimeChecked`) rather than pass an untyped `Reply` unnoticed.
 */
export type RuntimeCheckedReply = Reply & { readonly [checkedAtRuntime]: true };

export function runtimeChecked(r: Reply): RuntimeCheckedReply {
  return r as RuntimeCheckedReply;
}

/** The body a response allows: its schema's input (the edge parses it); none or raw bytes where it has no schema. */
type BodyOf<S extends ResponseSpec> = S extends { schema: infer Z extends z.ZodType }
  ? z.input<Z>
  : undefined | Uint8Array;

/** Every reply an operation's responses allow: one status of the operation with the body its schema allows. */
export type ReplyFor<R extends Responses> =
  | { [S in keyof R & number]: TypedReply<S, BodyOf<R[S]>> }[keyof R & number]
  | RuntimeCheckedReply;
