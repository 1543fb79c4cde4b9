/**
 * The privacy policy (minimum age 18). Its date and the operator's contact are the server's
 * settings (`--privacy-updated`, `--privacy-contact`, read from `GET /api/privacy`); the text
 * is fixed.
 */
import '../styles/full.css';
import { Fragment } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchPrivacy } from '../features/accounts/api.ts';
import { formatDate } from '../lib/dates.ts';
import { useT } from '../lib/i18n.ts';
import { Trans } from '../components/Trans.tsx';

/** The sections after the introduction: heading and text ids (the account section has a link, so it is apart). */
const SECTIONS = [
  ['a.privacy.who', 'a.privacy.who.text'],
  ['a.privacy.browser', 'a.privacy.browser.text'],
  ['a.privacy.server', 'a.privacy.server.text'],
  ['a.privacy.accounts', 'a.privacy.accounts.text'],
] as const;

export function PrivacyPolicy() {
  const t = useT();
  const privacy = useQuery({ queryKey: ['privacy'], queryFn: ({ signal }) => fetchPrivacy(signal), staleTime: 5 * 60_000 });
  const contact = privacy.data?.contact;
  return (
    <article className="prose mx-auto grid max-w-2xl gap-4 px-4 py-8">
      <h1 className="text-3xl font-bold">{t('section.privacyPolicy')}</h1>
      {privacy.data && <p className="text-sm text-muted">{t('a.privacy.updated', { date: formatDate(privacy.data.updated) })}</p>}
      <p>{t('a.privacy.intro')}</p>
      {SECTIONS.map(([heading, text]) => (
        <Fragment key={heading}>
          <h2 className="text-xl font-semibold">{t(heading)}</h2>
          <p>{t(text)}</p>
        </Fragment>
      ))}
      <h2 className="text-xl font-semibold">{t('a.privacy.data')}</h2>
      <p>
        <Trans id="a.privacy.data.text" components={{ 0: <Link to="/account" /> }} />
      </p>
      <h2 className="text-xl font-semibold">{t('a.privacy.third')}</h2>
      <p>{t('a.privacy.third.text')}</p>
      <h2 className="text-xl font-semibold">{t('a.privacy.contact')}</h2>
      {contact ? (
        <p>
          <Trans id="a.privacy.contact.email" components={{ 0: <a href={`mailto:${contact}`}>{contact}</a> }} />
        </p>
      ) : (
        <p>{t('a.privacy.contact.none')}</p>
      )}
    </article>
  );
}
