/**
 * The addresses a host name resolves to, asked when a webhook is registered and by every delivery attempt.
 * A port, so that tests can answer for names they must not look up on the network, and so that a test
 * service delivers only to the receivers its tests run on this machine.
 */
import { lookup } from 'node:dns/promises';

export type HostResolver = (host: string) => Promise<string[]>;

/** Every address the system resolver gives (/etc/hosts, then DNS), as a connection would see them. */
export const systemHostResolver: HostResolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
