import type { Migration } from './list.js';

/*
 * The SPF, DKIM, DMARC and ARC verdicts of a received message, as one JSON value (the shape is
 * core's SenderAuthentication). Messages stored before have none (null): they are not checked
 * again, as the DNS records and the client address of their arrival are gone.
 */
export const senderAuthentication: Migration = {
  id: 21,
  name: 'sender_authentication',
  async up(trx) {
    await trx.raw(`alter table inbound_messages add column sender_authentication jsonb`);
  },
};
