// This laptop's LAN addresses (IPv4, not loopback): where other desks can reach a hub it hosts.
import { networkInterfaces } from 'node:os';

export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a): a is NonNullable<typeof a> => !!a && a.family === 'IPv4' && !a.internal)
    .map((a) => a.address);
}
