// A WebAuthn authenticator in Node: one ES256 credential, attestation "none", user present and
// verified, as a platform authenticator answers `navigator.credentials.create` and `.get`.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

export interface AuthenticatorOptions {
  /** The origin the "browser" reports in clientDataJSON. */
  origin: string;
  /** The relying party id whose hash starts authenticatorData; the options' `rp.id` by default. */
  rpId?: string;
  userVerified?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;
  userHandle: string | undefined;

  constructor(private readonly options: AuthenticatorOptions) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The answer to `navigator.credentials.create` with these creation options (JSON). */
  register(creation: { challenge: string; rp: { id?: string }; user: { id: string } }) {
    this.userHandle = creation.user.id;
    const ceremony = {
      type: "webauthn.create",
      challenge: creation.challenge,
      rpId: creation.rp.id,
      attestedCredential: this.attestedCredential(),
    } as const;
    return this.answer(ceremony, (authData) => {
      const attestationObject = cbor(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData],
        ]),
      );
      return { attestationObject: b64url(attestationObject), transports: ["internal"] };
    });
  }

  /** The answer to `navigator.credentials.get` with these request options (JSON). */
  authenticate(request: { challenge: string; rpId?: string }) {
    const ceremony = { type: "webauthn.get", challenge: request.challenge, rpId: request.rpId } as const;
    return this.answer(ceremony, (authData, clientDataJSON) => {
      const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
      return {
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      };
    });
  }

  /**
   * What both ceremonies answer alike: the client data, and authenticator data that starts with
   * the relying party id's hash, the flags and the next signature counter (followed, on
   * registration, by the new credential), wrapped as the browser wraps a credential. `respond`
   * adds the fields that differ: the attestation, or the signature.
   */
  private answer<Response extends object>(
    ceremony: {
      type: "webauthn.create" | "webauthn.get";
      challenge: string;
      /** The options' relying party id, used unless the authenticator was given its own. */
      rpId: string | undefined;
      attestedCredential?: Buffer;
    },
    respond: (authData: Buffer, clientDataJSON: Buffer) => Response,
  ) {
    const { attestedCredential } = ceremony;
    const rpId = this.options.rpId ?? ceremony.rpId!;
    const clientDataJSON = this.clientData(ceremony.type, ceremony.challenge);
    const flags = this.flags() | (attestedCredential ? FLAG_ATTESTED_CREDENTIAL : 0);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      this.nextCounter(),
      ...(attestedCredential ? [attestedCredential] : []),
    ]);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), ...respond(authData, clientDataJSON) },
    };
  }

  /** The credential a registration reports: its model (none), its id and its public key in COSE. */
  private attestedCredential(): Buffer {
    const jwk = this.publicKey.export({ format: "jwk" });
    const coseKey = cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const aaguid = Buffer.alloc(16); // none: an authenticator that does not name its model
    return Buffer.concat([aaguid, idLength, this.credentialId, coseKey]);
  }

  private flags(): number {
    return FLAG_USER_PRESENT | (this.options.userVerified === false ? 0 : FLAG_USER_VERIFIED);
  }

  private clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.options.origin, crossOrigin: false }));
  }

  private nextCounter(): Buffer {
    this.counter += 1;
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(this.counter);
    return bytes;
  }
}

/** The CBOR of what the attestation holds: maps, byte and text strings, small integers. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
    const bytes = Buffer.alloc(3);
    bytes[0] = (major << 5) | 25;
    bytes.writeUInt16BE(length, 1);
    return bytes;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    const parts: Uint8Array[] = [head(5, value.size)];
    for (const [key, inner] of value) parts.push(cbor(key), cbor(inner));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}
