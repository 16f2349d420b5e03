// The applications feature's door (its service; contact messages, whistleblower cases and the data-retention
// job are its plugin, plugin.ts): the reporting office's work the /ops calls use.

/** The reporting office's work on whistleblower cases (the admin calls here, /ops/whistleblower in ops). */
export { answerCase, caseAudit, listOfficeCases, officeCase, officeCaseView, type OfficeCase } from './office.ts';
