/**
 * Which front-end build this tab runs, and which one the server now serves.
 *
 * A build is named by its entry script (`/assets/index-<hash>.js`): Vite's content hash changes
 * whenever any code the page starts with changes. `build.json` (written by vite.config.ts's
 * `buildManifest` plugin, revalidated on every read) names the served build and lists its
 * assets, so that the service worker can keep every chunk of this build for later.
 */

export interface BuildInfo {
  /** The entry script's path. */
  entry: string;
  /** Every JS, CSS and play-WASM asset of the build (lazy chunks included). */
  assets: string[];
}

function isBuildInfo(value: unknown): value is BuildInfo {
  if (typeof value !== 'object' || value === null) return false;
  const { entry, assets } = value as Record<string, unknown>;
  return typeof entry === 'string' && Array.isArray(assets) && assets.every((a) => typeof a === 'string');
}

/** The served build, or null when it cannot be read (offline, a dev server without the file). */
export async function servedBuild(): Promise<BuildInfo | null> {
  try {
    const response = await fetch('/build.json', { cache: 'no-store' });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return isBuildInfo(body) ? body : null;
  } catch {
    return null;
  }
}

let running: string | null = null;

/** Called once by the entry module with its own URL (`import.meta.url`). */
export function setRunningEntry(url: string): void {
  running = new URL(url, window.location.href).pathname;
}

/** Whether `served` is another build than the one this tab runs (unknown counts as the same). */
export const isNewBuild = (served: BuildInfo | null): boolean => running !== null && served !== null && served.entry !== running;
