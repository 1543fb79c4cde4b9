/**
 * The privacy policy (minimum age 18). Its date and the operator's contact are the server's
 * settings (`--privacy-updated`, `--privacy-contact`, read from `GET /api/privacy`); the text
 * is fixed.
 */
import '../styles/full.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fetchPrivacy } from '../features/accounts/api.ts';
import { formatDate } from '../lib/dates.ts';

export function PrivacyPolicy() {
  const privacy = useQuery({ queryKey: ['privacy'], queryFn: ({ signal }) => fetchPrivacy(signal), staleTime: 5 * 60_000 });
  const contact = privacy.data?.contact;
  return (
    <article className="prose mx-auto grid max-w-2xl gap-4 px-4 py-8">
      <h1 className="text-3xl font-bold">Privacy Policy</h1>
      {privacy.data && <p className="text-sm text-muted">Last updated {formatDate(privacy.data.updated)}.</p>}
      <p>Lavalist is a word game. This page explains what it stores about you and why.</p>
      <h2 className="text-xl font-semibold">Who may play</h2>
      <p>You must be at least 18 years old to use Lavalist or to create an account. Signing up asks you to confirm it, and the time you did is stored.</p>
      <h2 className="text-xl font-semibold">What is stored in your browser</h2>
      <p>
        Your progress in each game, your settings, and a random player id (userKey) are kept in your browser's local storage. Clearing your site data
        removes them.
      </p>
      <h2 className="text-xl font-semibold">What is sent to the server</h2>
      <p>
        When you finish today's game or a community game, your result (which items you found, your score, the guesses and hints you used) is sent with your
        random player id, so that statistics and streaks can be computed. No name or e-mail address is needed to play.
      </p>
      <h2 className="text-xl font-semibold">Accounts</h2>
      <p>
        If you create an account, your username, e-mail address, a hash of your password and the time you confirmed your age are stored to let you sign in
        and to credit the games you create. Your results, groups, and the disputes and reports you send while logged in are kept with your account.
      </p>
      <h2 className="text-xl font-semibold">Your data and your account</h2>
      <p>
        On the <Link to="/account">Account page</Link> you can download everything stored about your account as a JSON file, change your password, and delete
        your account. Deleting it removes your e-mail address, username and password at once and logs out every device. Your results stay counted in each
        game's public statistics, but are no longer linked to you. Groups you own are handed to their longest-standing member (or deleted if you are alone in
        them); community games you published stay under "deleted user", and the ones not yet published are deleted.
      </p>
      <h2 className="text-xl font-semibold">Third parties</h2>
      <p>Lavalist loads no advertising, analytics or tracking scripts unless its operator configures them, in which case they are listed here.</p>
      <h2 className="text-xl font-semibold">Contact</h2>
      {contact ? (
        <p>
          Questions about your data: <a href={`mailto:${contact}`}>{contact}</a>.
        </p>
      ) : (
        <p>Questions about your data go to the operator of this Lavalist server.</p>
      )}
    </article>
  );
}
