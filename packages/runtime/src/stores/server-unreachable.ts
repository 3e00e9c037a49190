/** The distributed profile's servers did not answer within ServerWaiting.maxWaitMs: the message says which, and where it is configured. */
export class ServerUnreachable extends Error {}
