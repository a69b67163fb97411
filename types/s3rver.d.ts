/** The part of s3rver (a test-only S3-compatible server) the document-store test uses. */
declare module "s3rver" {
  export default class S3rver {
    constructor(opts: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
