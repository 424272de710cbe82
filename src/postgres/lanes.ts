// A request's view statement travels on one of a few shared connections, pipelined, and the views
// of one turn of the event loop leave in one write (issue 33, docs/decisions.md "Views share a few
// pipelined connections").
//
// Why: until 30 November every statement took a connection of the pool for itself, so 8 reads in
// flight were 8 connections, 8 writes to 8 sockets and 8 PostgreSQL backends woken. On this 2-core
// machine a wake-up is most of a read's cost (a system call that hands the CPU to another process).
// A view reads under its own snapshot and takes no lock, so it can queue behind another view on one
// connection without waiting on anything but that view.

import type pg from "pg";
import { connectionReusable } from "./errors.js";

/** Default of `PostgresStorageOptions.viewLanes`: connections the views of one process share. */
export const VIEW_LANES = 2;

/** What {@link viewLanes} needs of a connection pool; `C` is a connection, `R` a statement's answer. */
export interface LanePool<C, R> {
  /** Takes a connection of the pool (opening one if none is free); rejects when none comes in time. */
  readonly acquire: () => Promise<C>;
  /** Gives a connection back: `broken`, the pool closes it instead of keeping it. */
  readonly release: (client: C, broken: boolean) => void;
  /** Sends one statement on a connection without waiting for the ones before it (pipeline mode). */
  readonly send: (client: C, text: string, values: readonly unknown[] | undefined) => Promise<R>;
  /** Holds what is written on a connection until {@link LanePool.uncork}. */
  readonly cork: (client: C) => void;
  /** Writes what {@link LanePool.cork} held, in one write. */
  readonly uncork: (client: C) => void;
  /** Whether a connection on which a statement failed with this error can still be used. */
  readonly reusable: (error: unknown) => boolean;
  /** Runs a function once the current turn of the event loop ends. Default `setImmediate`. */
  readonly later?: (f: () => void) => void;
}

/** One shared connection, while it has statements in flight. */
interface Lane<C> {
  /** The connection, from the first statement given to the lane until the last one is answered. */
  client: C | undefined;
  /** The connection being taken from the pool. */
  opening: Promise<C> | undefined;
  /** Statements given to the lane and not answered yet (those waiting for its connection too). */
  inFlight: number;
  /** Whether the lane's writes are held until the turn ends. */
  corked: boolean;
}

/** The statements of {@link viewLanes}. */
export interface ViewLanes<R> {
  /**
   * Sends one statement that takes no lock and waits for none (a view) on the least busy lane.
   * @param text - the SQL text
   * @param values - its values
   * @returns the answer; rejects with the statement's error, or the pool's when no connection came
   */
  readonly query: (text: string, values?: readonly unknown[]) => Promise<R>;
}

/**
 * Statements shared over at most `count` connections of `pool`, pipelined: each goes to the lane
 * with the fewest statements in flight (the first of those tied, so a quiet process uses one
 * connection), and the statements given to a lane in one turn of the event loop leave in one
 * write. A lane takes its connection from the pool with its first statement and gives it back
 * once every statement given to it is answered, so an idle process holds no connection and a pool
 * of one is shared with the other statements as before. A connection that failed (an error
 * `reusable` refuses) is closed and the lane takes another with its next statement.
 *
 * Only for statements that take no lock and wait for none: one that waits (an `UPDATE` behind a
 * row lock) would hold up every statement queued behind it on its lane.
 * @param pool - the pool and how to write on its connections
 * @param count - most connections held at once (below 1, or not a number: 1)
 * @returns the executor
 * @example
 * const sent: string[] = [];
 * const lanes = viewLanes({
 *   acquire: async () => "connection 1",
 *   release: () => {},
 *   send: async (client, text) => { sent.push(`${text} on ${client}`); return text; },
 *   cork: () => {},
 *   uncork: () => {},
 *   reusable: () => true,
 * }, 2);
 * await Promise.all([lanes.query("SELECT 1"), lanes.query("SELECT 2")]);
 * sent.length //=> 2
 */
export function viewLanes<C, R>(pool: LanePool<C, R>, count: number): ViewLanes<R> {
  const later = pool.later ?? ((f: () => void): void => void setImmediate(f));
  const lanes: Lane<C>[] = Array.from({ length: Math.max(1, Math.floor(count) || 1) }, () => ({ client: undefined, opening: undefined, inFlight: 0, corked: false }));
  /** Gives the lane's connection back once nothing is in flight on it and nothing is held. */
  const settle = (lane: Lane<C>): void => {
    if (lane.inFlight > 0 || lane.corked || lane.client === undefined) return;
    const client = lane.client;
    lane.client = undefined;
    pool.release(client, false);
  };
  const clientOf = (lane: Lane<C>): Promise<C> =>
    (lane.opening ??= pool.acquire().then(
      (client) => {
        lane.opening = undefined;
        lane.client = client;
        return client;
      },
      (error: unknown) => {
        lane.opening = undefined;
        throw error;
      },
    ));
  return {
    query: async (text, values) => {
      let lane = lanes[0]!;
      // Stryker disable next-line EqualityOperator: lanes are alike; which of the tied ones is taken changes nothing but its index
      for (const l of lanes) if (l.inFlight < lane.inFlight) lane = l;
      lane.inFlight++;
      let client: C | undefined;
      try {
        client = lane.client ?? (await clientOf(lane));
        if (!lane.corked) {
          lane.corked = true;
          const corked = client;
          pool.cork(corked);
          later(() => {
            lane.corked = false;
            pool.uncork(corked);
            settle(lane);
          });
        }
        return await pool.send(client, text, values);
      } catch (error) {
        // The first failure on a broken connection closes it; the others in flight on it fail too.
        if (client !== undefined && lane.client === client && !pool.reusable(error)) {
          lane.client = undefined;
          pool.release(client, true);
        }
        throw error;
      } finally {
        lane.inFlight--;
        settle(lane);
      }
    },
  };
}

/**
 * The socket of a pool's connection, to hold its writes together (`cork`): pg's `Client` has it as
 * `connection.stream`; the pool's type does not say so, hence the narrowing.
 * @param client - a connection of the pool
 * @returns its socket, or `undefined` when a driver has none (then each statement is written as it comes)
 */
export function streamOf(client: pg.PoolClient): { cork(): void; uncork(): void } | undefined {
  const stream = (client as Partial<pg.Client>).connection?.stream;
  return typeof stream?.cork === "function" && typeof stream.uncork === "function" ? stream : undefined;
}

/**
 * Sends statements on one connection without waiting for each answer (pg's pipeline mode), in
 * one write to its socket: one system call, and one packet for the server to wake to, where pg
 * writes each statement apart. A locked turn's `BEGIN`, lock and read of its hot stock, and its
 * commit and `COMMIT`, go this way (`Pinned.pipeline` in storage.ts).
 * @param client - a connection in pipeline mode
 * @param statements - the statements, in order
 * @param send - sends one (the storage's, which counts it)
 * @returns each statement's answer, in order
 */
export function pipelined<R>(client: pg.PoolClient, statements: readonly { readonly text: string; readonly values?: readonly unknown[] }[], send: (client: pg.PoolClient, text: string, values: readonly unknown[] | undefined) => Promise<R>): Promise<R>[] {
  const stream = streamOf(client);
  stream?.cork();
  try {
    return statements.map((x) => send(client, x.text, x.values));
  } finally {
    stream?.uncork();
  }
}

/**
 * A pg pool as {@link viewLanes} uses it: connections from `pool.connect()`, given back with
 * `release` (closed when broken), statements sent by `send` (the storage's, which counts them),
 * writes held on the connection's socket, and `connectionReusable` to tell a refusal from a
 * failed connection.
 * @param pool - the pool (its clients in pipeline mode)
 * @param send - sends one statement on a connection
 * @returns the lane pool
 */
export function pgLanePool(pool: pg.Pool, send: (client: pg.PoolClient, text: string, values: readonly unknown[] | undefined) => Promise<pg.QueryResult>): LanePool<pg.PoolClient, pg.QueryResult> {
  return {
    acquire: () => pool.connect(),
    release: (client, broken) => client.release(broken),
    send,
    cork: (client) => streamOf(client)?.cork(),
    uncork: (client) => streamOf(client)?.uncork(),
    reusable: connectionReusable,
  };
}
