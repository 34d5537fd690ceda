import type { DrizzleDb } from "../db/client.js";
import { isUuid } from "../db/uuid.js";
import { type StreamPosition, streamPositionOf } from "./service.js";

// xid8 and bigint are unsigned and signed 64-bit: a larger number would make the read fail.
const MAX_TX_ID = 2n ** 64n - 1n;

/**
 * A stream event's id: the notification's id, then its position in the stream's order. A client
 * that reconnects with it resumes from that position even when the notification has since been
 * deleted, which the notification's id alone could not say.
 */
export function eventIdOf(notification: { id: string }, position: { txId: string; seq: number }): string {
  return `${notification.id}.${position.txId}.${position.seq}`;
}

/**
 * Where a reconnecting client's `Last-Event-ID` resumes: the position it carries, or for a bare
 * notification id (an event sent before ids carried positions) the position of that notification
 * if it is the user's and still exists. Anything else resumes nowhere: the stream starts afresh.
 */
export async function resumePosition(
  db: DrizzleDb,
  lastEventId: string | undefined,
  userId: string,
): Promise<StreamPosition | undefined> {
  if (!lastEventId) return undefined;
  if (isUuid(lastEventId)) return streamPositionOf(db, lastEventId, userId);
  const [id, txId, seq] = lastEventId.split(".");
  if (!id || !isUuid(id) || !txId || !seq || !/^\d{1,20}$/.test(txId) || !/^\d{1,15}$/.test(seq)) return undefined;
  if (BigInt(txId) > MAX_TX_ID) return undefined;
  return { txId: BigInt(txId).toString(), seq: Number(seq) };
}
