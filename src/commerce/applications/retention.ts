// Data retention (spec 9: contact data kept at most 12 months): an hourly job deletes contact messages
// older than 12 months, and the opt-ins nobody confirmed (availability alerts, newsletter) once their link
// has expired. Mails sent about them leave the outbox after 30 days (app.ts housekeeping).
import type { FastifyBaseLogger } from 'fastify';
import { purgeUnconfirmedAlerts } from '../alerts/index.ts';
import type { CommerceContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import { createJob, type Job } from '../lib/jobs.ts';
import { purgeUnconfirmedSubscriptions } from '../newsletter/index.ts';
import { deleteContactMessagesBefore } from './repository.ts';

/** spec 9: contact data is kept at most 12 months */
export const CONTACT_RETENTION_MONTHS = 12;
/** Decision: hourly, so nothing outlives its 12 months by more than an hour */
export const RETENTION_INTERVAL_S = 3600;

/** The moment 12 calendar months before now: messages received before it are deleted. */
export function contactCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - CONTACT_RETENTION_MONTHS);
  return cutoff;
}

export async function purgeContactMessages(db: Db, now: Date): Promise<number> {
  return deleteContactMessagesBefore(db, contactCutoff(now));
}

export interface RetentionReport {
  contactMessages: number;
  unconfirmedAlerts: number;
  unconfirmedSubscriptions: number;
}

export function createRetentionJob(ctx: CommerceContext, log: FastifyBaseLogger): Job {
  return createJob({
    name: 'data-retention',
    log,
    intervalMs: RETENTION_INTERVAL_S * 1000,
    work: async (): Promise<RetentionReport> => {
      const now = ctx.clock();
      const report = {
        contactMessages: await purgeContactMessages(ctx.db, now),
        unconfirmedAlerts: await purgeUnconfirmedAlerts(ctx.db, now),
        unconfirmedSubscriptions: await purgeUnconfirmedSubscriptions(ctx.db, now),
      };
      // counts only: nothing of the data itself
      if (report.contactMessages + report.unconfirmedAlerts + report.unconfirmedSubscriptions > 0) log.info(report, 'data retention: deleted');
      return report;
    },
  });
}
