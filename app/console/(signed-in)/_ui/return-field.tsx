/** The hidden field that brings a form post back to the page it came from (lib/integrator/console/return-to.ts). */
export function ReturnField({ to }: { to: string }) {
  return <input type="hidden" name="returnTo" value={to} />;
}
