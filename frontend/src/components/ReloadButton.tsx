/** "Reload": loads the page again (a failed start, a new version). */
export function ReloadButton({ className = '' }: { className?: string }) {
  return (
    <button type="button" className={`btn btn-primary ${className}`} onClick={() => {
      window.location.reload();
    }}>
      Reload
    </button>
  );
}
