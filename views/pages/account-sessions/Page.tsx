// Active sessions (issue 26): every signed-in device of the account with its browser and system, the place at
// most as an address range, and the last use; "this device" is marked. Ending a session revokes its tokens at
// once (the commerce service does), so that device is signed out on its next request; "end all others" keeps
// this one.
import { useEffect, useState } from 'react';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { AccountShell } from '../../components/account-area/AccountNav.tsx';
import { StatusMessage } from '../../components/forms/Fields.tsx';
import { useShop } from '../../lib/context.tsx';
import { endOtherSessions, endSession, listSessions } from '../../state/shop-api.ts';
import type { SessionsApiResponse } from '../../../src/contracts/shop-api.ts';
import { formatTime } from '../../../src/i18n.ts';
import { deviceOf } from './device.ts';

type Session = SessionsApiResponse['sessions'][number];

export default function AccountSessionsPage() {
  const { t, date, locale } = useShop();
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const reload = async () => {
    const r = await listSessions();
    if (r.error) setProblem(r.error.message);
    // this device first, then the most recently used
    else setSessions([...r.data.sessions].sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt)));
  };
  useEffect(() => { void reload(); }, []);

  const deviceName = (s: Session) => {
    const { browser, system } = deviceOf(s.device);
    if (browser && system) return t('account.sessions.browserOn', { browser, system });
    return browser ?? system ?? t('account.sessions.unknownDevice');
  };

  const outcome = async (r: { error: { message: string } | null }, done: string) => {
    if (r.error) {
      setStatus(null);
      setProblem(r.error.message);
      return;
    }
    setProblem(null);
    setStatus(done);
    await reload();
  };
  const end = async (s: Session) => outcome(await endSession(s.id), t('account.sessions.ended', { device: deviceName(s) }));
  const endOthers = async () => outcome(await endOtherSessions(), t('account.sessions.endedOthers'));

  const others = (sessions ?? []).filter((s) => !s.current).length;
  return (
    <>
      <Breadcrumb />
      <AccountShell title={t('route.accountSessions')}>
        <section className="account-panel" aria-labelledby="sessions-title">
          <h2 id="sessions-title">{t('account.sessions.listTitle')}</h2>
          <p>{t('account.sessions.intro')}</p>
          {status ? <StatusMessage>{status}</StatusMessage> : null}
          {problem ? <p className="form-summary" role="alert">{problem}</p> : null}
          {sessions === null ? null : (
            <ul className="session-list" data-testid="session-list">
              {sessions.map((s) => (
                <li key={s.id} className="session-item" data-current={s.current || undefined}>
                  <div className="session-text">
                    <strong>{deviceName(s)}</strong>
                    {s.current ? <span className="badge badge-muted session-current">{t('account.sessions.thisDevice')}</span> : null}
                    <span className="session-meta">
                      {t('account.sessions.lastUsed', { date: date(s.lastUsedAt), time: formatTime(s.lastUsedAt, locale) })}
                      {s.ipRange ? <>{' · '}{t('account.sessions.place', { range: s.ipRange })}</> : null}
                    </span>
                  </div>
                  {s.current ? null : (
                    <button type="button" className="button button-quiet" onClick={() => void end(s)}>
                      {t('account.sessions.end', { device: deviceName(s) })}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {others > 0 ? (
            <div className="form-actions">
              <button type="button" className="button button-danger" onClick={() => void endOthers()}>{t('account.sessions.endOthers')}</button>
            </div>
          ) : sessions ? <p>{t('account.sessions.noOthers')}</p> : null}
        </section>
      </AccountShell>
    </>
  );
}
