import { type AddressInfo, createServer } from "node:net";

/** A port nothing listens on at 127.0.0.1 now: `port` 0 lets the system choose one. */
export async function freePort(port = 0): Promise<number | undefined> {
  const probe = createServer();
  const listening = await new Promise<boolean>((resolve) => {
    probe.once("listening", () => resolve(true)).once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1");
  });
  if (!listening) return undefined;
  const { port: found } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return found;
}

/** The first free port in [from, to]: servers started by tests stay in the range they were given. */
export async function freePortIn(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) if ((await freePort(port)) !== undefined) return port;
  throw new Error(`no free port between ${from} and ${to}`);
}

/** `count` distinct free ports in [from, to]. */
export async function freePortsIn(count: number, from: number, to: number): Promise<number[]> {
  const ports: number[] = [];
  for (let port = from; port <= to && ports.length < count; port++)
    if ((await freePort(port)) !== undefined) ports.push(port);
  if (ports.length < count) throw new Error(`fewer than ${count} free ports between ${from} and ${to}`);
  return ports;
}
