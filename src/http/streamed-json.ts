import type { Response } from "express";

/** The client went away while an answer was being written: whoever writes stops reading. */
export class ClientGone extends Error {
  override name = "ClientGone";
  constructor() {
    super("The client closed the connection");
  }
}

/**
 * Writes an answer in pieces as they are read, holding back while the client does not keep up:
 * `write` resolves at once while the socket's buffer has room, else once it has drained, and
 * throws ClientGone once the connection is closed, so that the reading stops with it.
 */
export class StreamedBody {
  #closed = false;

  constructor(private readonly res: Response) {
    res.once("close", () => {
      this.#closed = true;
    });
  }

  get closed(): boolean {
    return this.#closed || this.res.destroyed;
  }

  async write(text: string): Promise<void> {
    if (this.closed) throw new ClientGone();
    if (this.res.write(text)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.res.off("drain", done);
        this.res.off("close", done);
        resolve();
      };
      this.res.once("drain", done);
      this.res.once("close", done);
    });
    if (this.closed) throw new ClientGone();
  }

  end(text = ""): void {
    if (!this.closed) this.res.end(text);
  }
}
