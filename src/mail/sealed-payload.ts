import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Seals a queued message's values (its link is a credential) so that someone who reads the
 * database, or a backup of it, cannot use them: AES-256-GCM under a key derived from the auth
 * secret. A message sealed under another secret does not open; the worker gives it up.
 */
export class PayloadSealer {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync("sha256", secret, "posts-api", "mail outbox payload", 32));
  }

  seal(values: Record<string, string>): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const sealed = Buffer.concat([cipher.update(JSON.stringify(values), "utf8"), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64");
  }

  /** The values, or undefined when the payload was sealed under another secret or altered. */
  open(payload: string): Record<string, string> | undefined {
    const bytes = Buffer.from(payload, "base64");
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
      return JSON.parse(text) as Record<string, string>;
    } catch {
      return undefined;
    }
  }
}
