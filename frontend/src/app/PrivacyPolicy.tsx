/** The static privacy policy (minimum age 18). */
import '../styles/full.css';
export function PrivacyPolicy() {
  return (
    <article className="prose mx-auto grid max-w-2xl gap-4 px-4 py-8">
      <h1 className="text-3xl font-bold">Privacy Policy</h1>
      <p>Lavalist is a word game. This page explains what it stores about you and why.</p>
      <h2 className="text-xl font-semibold">Who may play</h2>
      <p>You must be at least 18 years old to use Lavalist or to create an account.</p>
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
      <p>If you create an account, your username and e-mail address are stored to let you sign in and to credit the games you create.</p>
      <h2 className="text-xl font-semibold">Third parties</h2>
      <p>Lavalist loads no advertising, analytics or tracking scripts unless its operator configures them, in which case they are listed here.</p>
    </article>
  );
}
