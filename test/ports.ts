import { type AddressInfo, createServer } from "node:net";

/** A port at 127.0.0.1 that nothing listens on now, chosen by the system. */
export async function freePort(): Promise<number> {
  const port = await listenable(0);
  if (port === undefined) throw new Error("no free port on 127.0.0.1");
  return port;
}

/** The first free port in [from, to]: servers started by tests stay in the range they were given. */
export async function freePortIn(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) if ((await listenable(port)) !== undefined) return port;
  throw new Error(`no free port between ${from} and ${to}`);
}

/** `count` distinct free ports in [from, to]. */
export async function freePortsIn(count: number, from: number, to: number): Promise<number[]> {
  const ports: number[] = [];
  for (let port = from; port <= to && ports.length < count; port++)
    if ((await listenable(port)) !== undefined) ports.push(port);
  if (ports.length < count) throw new Error(`fewer than ${count} free ports between ${from} and ${to}`);
  return ports;
}

/** The port a probe could listen on at 127.0.0.1 (`port` 0 lets the system choose), closed again; undefined if taken. */
async function listenable(port: number): Promise<number | undefined> {
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
