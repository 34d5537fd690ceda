import type { Server } from "node:http";
import { EventSource } from "eventsource";
import type { Express } from "express";
import { expect } from "vitest";
import type { AppOptions } from "../src/deps.js";
import type { TestUser } from "./factories.js";
import { type TestApp, useStartedApp } from "./harness.js";
import { poll } from "./poll.js";
import type { StartedApp } from "./start-app.js";

// The live notification stream (GET /api/v2/notifications/ with Accept: text/event-stream), opened
// the way a browser's EventSource opens it, or read raw where the EventSource hides something.

/** The app a file opens its streams on: its base URL, known once it listens. */
export interface StreamHost {
  base: string;
}

/** The test app's own server. */
export function useTestAppStreams(t: TestApp): StreamHost {
  return {
    get base() {
      return t.url;
    },
  };
}

export interface SecondInstanceOptions {
  notificationStreams?: AppOptions["notificationStreams"];
  /** Starts the app's server (as main.ts does unless given). */
  serve?: (app: Express) => Server;
}

export interface SecondInstance extends StreamHost {
  /** Its own log: a stream it served is logged there. */
  logs: StartedApp["logs"];
}

/**
 * A second app on the test's database with a change feed of its own, as another instance would
 * be: what it streams reaches it through the database's notifications, whichever app wrote it.
 */
export function useSecondInstance(t: TestApp, options: SecondInstanceOptions = {}): SecondInstance {
  const second = useStartedApp(() => ({
    beside: t,
    ownServices: true,
    parts: { notificationStreams: options.notificationStreams },
    serve: options.serve,
  }));
  return {
    get base() {
      return second.url;
    },
    get logs() {
      return second.logs;
    },
  };
}

export interface ReceivedEvent {
  /** The notification's id (from its data). */
  id: string;
  /** The event's own id, which the client sends back as `Last-Event-ID` when it reconnects. */
  eventId: string;
  type: string;
  data: unknown;
}

/** An EventSource on the user's stream, open, recording every notification event. */
export async function openEventSource(host: StreamHost, user: TestUser, lastEventId?: string) {
  const received: ReceivedEvent[] = [];
  const source = new EventSource(`${host.base}/api/v2/notifications/`, {
    fetch: (url, init) =>
      fetch(url, {
        ...init,
        headers: { ...init.headers, cookie: user.cookie, ...(lastEventId ? { "last-event-id": lastEventId } : {}) },
      }),
  });
  source.addEventListener("notification", (event) => {
    const data = JSON.parse(event.data) as { id: string };
    received.push({ id: data.id, eventId: event.lastEventId, type: event.type, data });
  });
  await new Promise<void>((resolve, reject) => {
    source.onopen = () => resolve();
    source.onerror = (error) => reject(new Error(`stream refused: ${error.message ?? error.code}`));
  });
  source.onerror = null;
  return {
    source,
    received,
    /** The id of the last event received, as the EventSource would send it on reconnecting. */
    lastEventId: () => received.at(-1)?.eventId,
    /** The ids of the notifications received so far. */
    ids: () => received.map((event) => event.id),
    /** The ids received once there are at least `count` (or the ids so far when they do not come in time). */
    idsOnceAtLeast: (count: number, options?: { withinMs?: number }) =>
      poll(
        () => received.map((event) => event.id),
        (ids) => ids.length >= count,
        options,
      ),
    close: () => source.close(),
  };
}

/**
 * The user's stream read with fetch, for what an EventSource hides: comment lines, and the end of
 * the response itself.
 */
export async function openRawStream(host: StreamHost, user: TestUser, query = "") {
  const res = await fetch(`${host.base}/api/v2/notifications/${query}`, {
    headers: { cookie: user.cookie, accept: "text/event-stream" },
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  let text = "";
  let ended = false;
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    ended = true;
  })();
  return { res, text: () => text, ended: () => ended, cancel: () => reader.cancel().then(() => reading) };
}
