import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { supportRequestSchema } from '../../common/auth-schemas';
import { serverMessages } from '../../common/messages';
import { messageResponseSchema } from '../../common/user-schemas';
import { getAuth } from '../auth/context';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { adminEmails } from '../users/repository';
import type { Mailer } from '../email/mailer';
import { supportRequestEmail } from '../email/templates';
import { createLimit } from '../http/rate-limit';

/** The /support contact form: the message reaches every administrator (and SUPPORT_EMAIL) by email. */
export async function supportRoutes(instance: FastifyInstance, deps: { db: Database; config: Config; mailer: Mailer }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const perIp = createLimit(instance, 'support-ip', 5, 60 * 60_000);

  app.post(
    '/api/support',
    { schema: { body: supportRequestSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await perIp(request);
      const auth = await getAuth(deps.db, request);
      const recipients = new Set(await adminEmails(deps.db));
      if (deps.config.email.supportAddress) recipients.add(deps.config.email.supportAddress);
      if (recipients.size === 0) {
        // Never drop a customer's message: it goes to the sending mailbox (or the outbox) instead.
        request.log.warn('support request received but no administrator has an email address');
        recipients.add(deps.config.email.from);
      }
      for (const to of recipients) {
        await deps.mailer.send(supportRequestEmail(to, { ...request.body, userId: auth?.user.id }));
      }
      return { message: serverMessages.supportSent };
    },
  );
}
