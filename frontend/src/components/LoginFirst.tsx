/**
 * A page's place for a guest: why to log in, and the button that opens the login dialog (the
 * groups' pages, joining a group, the account page).
 */
import { useT } from '../lib/i18n.ts';
import { useUi } from '../stores/ui.ts';

/**
 * `messageId`: the whole sentence's id (`Log in or sign up to …`), so that every language words
 * it as a whole. `className` replaces the page's own spacing (inside another page).
 */
export function LoginFirst({ messageId, className = 'mx-auto w-full max-w-xl px-4 py-8' }: { messageId: string; className?: string }) {
  const t = useT();
  const openModal = useUi((s) => s.open);
  return (
    <div className={`grid gap-3 text-center ${className}`}>
      <p>{t(messageId)}</p>
      <button type="button" className="btn btn-primary justify-self-center" onClick={() => {
        openModal('login');
      }}>
        {t('b.groups.loginButton')}
      </button>
    </div>
  );
}
