// The applications feature's only door: contact messages and whistleblower cases, and the data-retention
// job (which purges the alerts' and newsletter's unconfirmed rows too).
import { commerceFeature } from '../http/plugin.ts';
import { applicationRoutes } from './routes.ts';

export const applicationsPlugin = commerceFeature('applications', [applicationRoutes], ['customers', 'outbox', 'alerts', 'newsletter']);
export default applicationsPlugin;
/** The reporting office's work on whistleblower cases (the admin calls here, /ops/whistleblower in ops). */
export { answerCase, caseAudit, listOfficeCases, officeCase, officeCaseView, type OfficeCase } from './office.ts';
