// The closing lines of `npm test` (scripts/test-suites.ts) name what failed.
/**
 * What failed, in a few lines, for the end of the output (CI shows its reader only the last lines, and a failure in
 * the first suite is 30,000 lines up): tap's "not ok" lines, each with the start of its diagnostics, and Playwright's
 * numbered failures. At most `room` lines.
 */
export function failureLines(log: string, room = 24): string[] {
  const lines = log.split('\n');
  const found: string[] = [];
  for (let i = 0; i < lines.length && found.length < room; i++) {
    const line = lines[i];
    if (/^\s*not ok \d+ /.test(line) && !/# (TODO|SKIP)\b/i.test(line)) {
      found.push(line.trimEnd());
      // the YAML diagnostics under an assertion: its message, where, what was expected (not a file's command line)
      if (lines[i + 1]?.trim() === '---' && !/^not ok /.test(line)) {
        for (let j = i + 2; j < lines.length && j < i + 8 && lines[j].trim() !== '...' && found.length < room; j++) found.push(lines[j].trimEnd());
      }
    } else if (/^\s+\d+\) \[/.test(line)) {
      found.push(line.trimEnd());
    }
  }
  return found;
}

