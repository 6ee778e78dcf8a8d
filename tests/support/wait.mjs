// How long any test waits for a condition before it gives up: one generous figure for the whole suite.
// On an idle machine the conditions hold in well under a second; on a loaded 2-core machine a sign-in
// redirect took over 4 s. Tests wait for the condition (expect.poll, Playwright's auto-waiting, waitFor), never a
// fixed time, so a large figure costs nothing when things go well and only delays a real failure.
export const WAIT_MS = 30_000;

/** A test's own limit: room for several conditions waited on in turn. */
export const TEST_TIMEOUT_MS = 4 * WAIT_MS;
