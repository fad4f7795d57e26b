import type { SenderVerdicts } from '@intake/core/email';
import type { SenderContext } from '@intake/core/ports';

/** Every verdict `temperror`: the check threw, ran out of its time budget, or its thread failed. */
export function unavailable(context: SenderContext): SenderVerdicts {
  return {
    spf: { result: 'temperror', domain: null, aligned: false },
    dkim: [],
    dmarc: { result: 'temperror', policy: null, domain: null },
    arc: { result: 'temperror' },
    from_domain: null,
    client_address_source: context.ip ? 'smtp' : 'none',
  };
}
