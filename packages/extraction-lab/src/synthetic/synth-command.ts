import { InvalidArgumentError, Option, type Command } from 'commander';
import type { StrangerType, SyntheticFamily, SyntheticKind, SyntheticProducer } from './generate.js';

/**
 * `intake-lab synth --out DIR --count N --seed S --kind text|photo|scan` (`npm run synth -- ...`):
 * writes synthetic labelled documents for the eval, to find weaknesses (never to report accuracy).
 */
const SYNTHETIC_KINDS: readonly SyntheticKind[] = ['text', 'photo', 'scan'];
const FAMILIES: readonly SyntheticFamily[] = ['corpus', 'stranger'];
const PRODUCERS: readonly SyntheticProducer[] = ['pdf-lib', 'chromium', 'libreoffice'];
const STRANGER_TYPES: readonly StrangerType[] = ['any', 'receipt', 'invoice-or-order'];

const whole = (name: string) => (value: string) => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`${name} must be a whole number`);
  return Number(value);
};

interface SynthOptions {
  out: string;
  count: number;
  seed: number;
  kind: SyntheticKind;
  family: SyntheticFamily;
  producer: SyntheticProducer;
  type?: StrangerType;
  einvoice: boolean;
  others: boolean;
  turned: boolean;
}

export function registerSynthCommand(program: Command): void {
  program
    .command('synth')
    .description('Write synthetic invoices, receipts and purchase orders, each beside its expected.json')
    .requiredOption('--out <dir>', 'folder to write into (created when absent)')
    .option('--count <n>', 'how many documents', whole('--count'), 20)
    .option('--seed <s>', 'the seed: the same seed writes the same documents', whole('--seed'), 1)
    .addOption(
      new Option('--kind <kind>', 'text PDFs, phone photos (JPEG) or scans (image-only PDFs)')
        .choices(SYNTHETIC_KINDS)
        .default('text'),
    )
    .addOption(
      new Option('--family <family>', "the corpus's layouts, or invoices, orders and receipts on layouts it lacks")
        .choices(FAMILIES)
        .default('corpus'),
    )
    .addOption(
      new Option(
        '--producer <producer>',
        'who writes text PDFs: pdf-lib, Chromium printing HTML (stranger only), or LibreOffice printing a template',
      )
        .choices(PRODUCERS)
        .default('pdf-lib'),
    )
    .addOption(
      new Option(
        '--type <type>',
        'stranger family: a receipt one time in three (any; invoice-or-order with Chromium or LibreOffice), receipts only, or none',
      ).choices(STRANGER_TYPES),
    )
    .option('--no-einvoice', 'stranger family: no invoice printed as an e-invoice viewer prints it (four in ten are)')
    .option('--no-others', 'stranger family: no bank, service, carrier, partner, insurer or brand names (pdf-lib)')
    .option('--no-turned', 'stranger family: no line up the margin or watermark printed turned (text PDFs)')
    .action(async (opts: SynthOptions) => {
      const { writeSyntheticCorpus } = await import('./generate.js');
      const names = await writeSyntheticCorpus(opts);
      const by = { 'pdf-lib': '', chromium: ' by Chromium', libreoffice: ' by LibreOffice' }[opts.producer];
      process.stdout.write(
        `${names.length} ${opts.family} ${opts.kind} documents${by} (seed ${opts.seed}) in ${opts.out}\n`,
      );
    });
}
