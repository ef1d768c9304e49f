import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { driverOf } from '../db/client.js';
import { AppError, RETRY_AFTER_SECONDS } from './errors.js';

/**
 * A whole second of mean event-loop delay over a one-second sample: only a sustained stall
 * (one long block alone is averaged away); an instance that far behind answers no one in time.
 */
const MAX_EVENT_LOOP_DELAY_MS = 1000;

/**
 * An instance whose event loop has stalled answers 503 with `Retry-After` (the load balancer
 * sends the traffic elsewhere) rather than queueing requests it will answer too late.
 *
 * The limit is generous on purpose: the benchmarks' saturating load (50 connections on two
 * cores) keeps the mean delay in the tens of milliseconds, and ordinary load must never turn
 * into 503s. Heap, RSS and utilisation limits are left out because a busy, healthy instance
 * reaches them too; and its `healthCheck` is not used, since it would refuse every route,
 * even those needing no database, while one dependency is down: `/api/health/ready` tells
 * the load balancer that, and each request that needs a missing service answers 503 itself.
 */
export async function registerOverloadGuard(app: FastifyInstance): Promise<void> {
  // PGlite runs every query on the event loop: a long one stalls it by design, and the delay
  // then says nothing about overload (the embedded demo is one instance, with nowhere else to go).
  if (driverOf(app.deps.db).engine !== 'postgres') return;
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: MAX_EVENT_LOOP_DELAY_MS,
    retryAfter: RETRY_AFTER_SECONDS,
    pressureHandler: async () => {
      throw new AppError('NETWORK_ERROR', 'The server is overloaded, try again shortly');
    },
  });
}
