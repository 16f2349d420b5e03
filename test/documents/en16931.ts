// The independent check of e-invoices (issue 25): the CEN's published EN 16931 rules for CII
// (test/fixtures/en16931/EN16931-CII-validation.xslt, a schematron compiled to XSLT) run with
// Saxon-HE from Debian, KoSIT's XRechnung rules (test/fixtures/xrechnung/) likewise, and the UN/CEFACT
// D16B XSD run with the JDK's own validator. None is part
// of @e-invoice-eu/core, the library that writes the XML, so a mistake it shares with its own checks
// still fails here.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const fixtures = join(import.meta.dirname, '..', 'fixtures', 'en16931');
const xrechnungRules = join(import.meta.dirname, '..', 'fixtures', 'xrechnung', 'XRechnung-CII-validation.xsl');
const saxon = '/usr/share/java/Saxon-HE.jar';
/**
 * The JVM's options for the independent checkers' short runs, these and the W3C HTML checker's
 * (e2e/html-checker.pw.ts). Decision (issue 27, CI time): the client compiler only and the serial
 * collector. A run of a few seconds ends before the optimising compiler's work pays, and on the 2-core machine
 * its threads took the core the other test file needed. Measured with e-invoice-validator.test.ts (its two
 * Saxon runs and the XSD): 11.5-11.6 CPU-s with the JVM's defaults, 7.4-7.8 with these; the verdicts are
 * the same (the same assertions pass).
 */
export const checkerJvm = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

export type FailedAssert = { id: string; flag: string; location: string; text: string };
export type Verdict = {
  fatal: FailedAssert[];
  warnings: FailedAssert[];
  xsd: string;
  /** KoSIT's XRechnung CII rules (BR-DE-*), when asked for */
  xrechnung?: { fatal: FailedAssert[]; warnings: FailedAssert[] };
};

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
const attribute = (tag: string, name: string) => unescape(new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? '');

/** The failed asserts of one SVRL report (svrl:failed-assert, with its flag "fatal" or "warning"). */
export function parseSvrl(svrl: string): FailedAssert[] {
  const asserts: FailedAssert[] = [];
  // up to the first svrl:text, not up to '>': an attribute (the assert's test) may hold a '>'
  for (const match of svrl.matchAll(/<svrl:failed-assert\b([\s\S]*?)<svrl:text>([\s\S]*?)<\/svrl:text>/g)) {
    asserts.push({ id: attribute(match[1], 'id'), flag: attribute(match[1], 'flag'), location: attribute(match[1], 'location'), text: unescape(match[2]).replace(/\s+/g, ' ').trim() });
  }
  return asserts;
}

const split = (asserts: FailedAssert[]) => ({ fatal: asserts.filter((a) => a.flag === 'fatal'), warnings: asserts.filter((a) => a.flag !== 'fatal') });

/**
 * Validates each named CII document: one Saxon run for all of them (the rules are a 700 KB stylesheet
 * that takes seconds to compile) and one JVM for the XSD; with xrechnung, one more Saxon run with KoSIT's
 * XRechnung rules. Returns per name the fatal and the warning asserts and the XSD verdict ("OK" or the
 * first schema error).
 */
export async function validateCii(documents: Record<string, string>, opts: { xrechnung?: boolean } = {}): Promise<Record<string, Verdict>> {
  const dir = await mkdtemp(join(tmpdir(), 'en16931-'));
  try {
    const input = join(dir, 'in');
    const output = join(dir, 'out');
    const xrOutput = join(dir, 'xrechnung');
    await run('mkdir', ['-p', input, output, xrOutput]);
    for (const [name, xml] of Object.entries(documents)) await writeFile(join(input, `${name}.xml`), xml);
    const files = (await readdir(input)).map((f) => join(input, f));
    const [, xsd] = await Promise.all([
      run('java', [...checkerJvm, '-cp', saxon, 'net.sf.saxon.Transform', `-s:${input}`, `-xsl:${join(fixtures, 'EN16931-CII-validation.xslt')}`, `-o:${output}`], { timeout: 180_000 }),
      run('java', [...checkerJvm, join(fixtures, 'XsdValidate.java'), join(fixtures, 'xsd', 'CrossIndustryInvoice_100pD16B.xsd'), ...files], { timeout: 180_000 }),
      opts.xrechnung ? run('java', [...checkerJvm, '-cp', saxon, 'net.sf.saxon.Transform', `-s:${input}`, `-xsl:${xrechnungRules}`, `-o:${xrOutput}`], { timeout: 180_000 }) : null,
    ]);
    const verdicts: Record<string, Verdict> = {};
    for (const name of Object.keys(documents)) {
      const asserts = parseSvrl(await readFile(join(output, `${name}.xml`), 'utf8'));
      const line = xsd.stdout.split('\n').find((l) => l.includes(join(input, `${name}.xml`))) ?? 'MISSING';
      verdicts[name] = { ...split(asserts), xsd: line.startsWith('OK ') ? 'OK' : line };
      if (opts.xrechnung) verdicts[name].xrechnung = split(parseSvrl(await readFile(join(xrOutput, `${name}.xml`), 'utf8')));
    }
    return verdicts;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One line per failed assert, for a test's message when a document fails. */
export const describe = (asserts: FailedAssert[]) => asserts.map((a) => `${a.id}: ${a.text}`).join('\n');
