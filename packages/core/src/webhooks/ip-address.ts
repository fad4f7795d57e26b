/**
 * The one part of node's I/O modules core uses: node:net's address arithmetic. `isIP` parses an
 * address and `BlockList` matches one against networks, in memory, with no socket and no DNS. It
 * sits alone in this file so that the rule `core-does-no-io` (config/dependency-cruiser.cjs) can
 * allow this file by name and no other; the lookups and connections the address policy guards are
 * `packages/webhook-https`'s, behind `WebhookTransport.checkDestination`.
 */
export { BlockList, isIP } from 'node:net';
