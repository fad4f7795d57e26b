import { WEBHOOK_EVENTS } from '@intake/core';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS as OFFERED } from '../../packages/dashboard/ui/enums.js';

describe('the dashboard webhook form', () => {
  it('offers exactly the events an endpoint can subscribe to', () => {
    expect([...OFFERED].sort()).toEqual([...WEBHOOK_EVENTS].sort());
  });
});
