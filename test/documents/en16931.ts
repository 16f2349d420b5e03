// The independent check of e-invoices (issue 25): the CEN's published EN 16931 rules for CII
// (test/fixtures/en16931/EN16931-CII-validation.xslt, a schematron compiled to XSLT) run with
// Saxon-HE from Debian, and the UN/CEFACT D16B XSD run with the JDK's own validator. Neither is part
// of @e-invoice-eu/core, the library that writes the XML, so a mistake it shares with its own checks
// still fails here.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const fixtures = join(import.meta.dirname, '..', 'fixtures', 'en16931');
const saxon = '/usr/share/java/Saxon-HE.jar';

export type FailedAssert = { id: string; flag: string; location: string; text: string };
export type Verdict = { fatal: FailedAssert[]; warnings: FailedAssert[]; xsd: string };

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
const attribute = (tag: string, name: string) => unescape(new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? '');

/** The failed asserts of one SVRL report (svrl:failed-assert, with its flag "fatal" or "warning"). */
export function parseSvrl(svrl: string): FailedAssert[] {
  const asserts: FailedAssert[] = [];
  for (const match of svrl.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(match[2])?.[1] ?? '';
    asserts.push({ id: attribute(match[1], 'id'), flag: attribute(match[1], 'flag'), location: attribute(match[1], 'location'), text: unescape(text).replace(/\s+/g, ' ').trim() });
  }
  return asserts;
}

/**
 * Validates each named CII document: one Saxon run for all of them (the rules are a 700 KB stylesheet
 * that takes seconds to compile) and one JVM for the XSD. Returns per name the fatal and the warning
 * asserts and the XSD verdict ("OK" or the first schema error).
 */
export async function validateCii(documents: Record<string, string>): Promise<Record<string, Verdict>> {
  const dir = await mkdtemp(join(tmpdir(), 'en16931-'));
  try {
    const input = join(dir, 'in');
    const output = join(dir, 'out');
    await run('mkdir', ['-p', input, output]);
    for (const [name, xml] of Object.entries(documents)) await writeFile(join(input, `${name}.xml`), xml);
    const files = (await readdir(input)).map((f) => join(input, f));
    const [, xsd] = await Promise.all([
      run('java', ['-cp', saxon, 'net.sf.saxon.Transform', `-s:${input}`, `-xsl:${join(fixtures, 'EN16931-CII-validation.xslt')}`, `-o:${output}`], { timeout: 180_000 }),
      run('java', [join(fixtures, 'XsdValidate.java'), join(fixtures, 'xsd', 'CrossIndustryInvoice_100pD16B.xsd'), ...files], { timeout: 180_000 }),
    ]);
    const verdicts: Record<string, Verdict> = {};
    for (const name of Object.keys(documents)) {
      const asserts = parseSvrl(await readFile(join(output, `${name}.xml`), 'utf8'));
      const line = xsd.stdout.split('\n').find((l) => l.includes(join(input, `${name}.xml`))) ?? 'MISSING';
      verdicts[name] = {
        fatal: asserts.filter((a) => a.flag === 'fatal'),
        warnings: asserts.filter((a) => a.flag !== 'fatal'),
        xsd: line.startsWith('OK ') ? 'OK' : line,
      };
    }
    return verdicts;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One line per failed assert, for a test's message when a document fails. */
export const describe = (asserts: FailedAssert[]) => asserts.map((a) => `${a.id}: ${a.text}`).join('\n');
