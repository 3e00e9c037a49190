/**
 * Which servers the distributed figures ran on, for their labels: FerretDB is not MongoDB, and its
 * figures say nothing about MongoDB's (docs/decisions.md, "Test servers"). The versions are read where
 * infra/ sets them, since neither server tells: FerretDB built from its module reports its version as
 * "unknown", and Kafka's protocol carries no release number.
 */
import fs from 'node:fs';
import path from 'node:path';
import { INFRA } from '../scripts';

export interface ServerVersions {
  /** e.g. `FerretDB v1.24.2`. */
  mongodbWire: string;
  /** e.g. `Kafka 4.3.1`. */
  kafka: string;
}

function versionIn(file: string, pattern: RegExp): string {
  const version = pattern.exec(fs.readFileSync(path.join(INFRA, file), 'utf8'))?.[1];
  if (version === undefined) throw new Error(`no version found in infra/${file} (${String(pattern)})`);
  return version;
}

export function testServerVersions(): ServerVersions {
  return {
    mongodbWire: `FerretDB ${versionIn('ferretdb/go.mod', /github\.com\/FerretDB\/FerretDB (v[\d.]+)/)}`,
    kafka: `Kafka ${versionIn('kafka/pom.xml', /<kafka\.version>([\d.]+)<\/kafka\.version>/)}`,
  };
}

/** The label every distributed figure carries. */
export const serversLabel = ({ mongodbWire, kafka }: ServerVersions) => `${mongodbWire}, ${kafka}`;
