export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startup } = await import("./lib/server/edge/startup/startup");
    await startup();
  }
}
