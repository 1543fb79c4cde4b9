// The lint rule that keeps the folders' imports one way (eslint/import-boundaries.js): a feature
// never imports another feature or the app shell; shared code imports neither.
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { importBoundaries } from '../../eslint/import-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

const SRC = '/project/src';
const options = [{ src: SRC }];
const at = (file: string, code: string) => ({ code, filename: `${SRC}/${file}`, options });
type MessageId = 'otherFeature' | 'featureToApp' | 'sharedToFeature' | 'sharedToApp';
const fails = (file: string, code: string, messageId: MessageId) => ({ ...at(file, code), errors: [{ messageId }] });

tester.run('import-boundaries', importBoundaries, {
  valid: [
    // A feature's own modules, at any depth.
    at('features/game/components/GameScreen.tsx', "import { useSession } from '../stores/session.ts';"),
    at('features/game/routes/Home.tsx', "const m = import('../components/GameEnd.tsx');"),
    at('features/game/island.ts', "import { guess } from './components/guessFeedback.ts';"),
    // A folder of a feature that only looks like another feature's name.
    at('features/game/components/A.tsx', "import { x } from '../community/x.ts';"),
    // Shared code from a feature, at any depth.
    at('features/challenges/api.ts', "import { loadSave } from '../../stores/saves.ts';"),
    at('features/game/components/A.tsx', "import type { Game } from '../../../api/generated/index.ts';"),
    at('features/explore/Explore.tsx', "import '../../styles/full.css';"),
    // Packages, the generated WASM glue.
    at('features/game/api.ts', "import { useQuery } from '@tanstack/react-query';"),
    at('features/game-form/Create.tsx', "const m = import('../../wasm/profanity/profanity_wasm.js');"),
    // Shared code among itself.
    at('components/CategoryPicker.tsx', "import { CATEGORIES } from '../lib/labels.ts';"),
    at('stores/outbox.ts', "import { submitResult } from '../api/games.ts';"),
    // The app shell and the entry compose features.
    at('app/routes/Community.tsx', "const R = import('../../features/reports/ReportButton.tsx');"),
    at('app/router.tsx', "import { Home } from '../features/game/routes/Home.tsx';"),
    at('main.ts', "const island = import('./features/game/island.ts');"),
    // A dynamic import whose path is computed is not the rule's to judge.
    at('features/game/x.ts', 'const m = import(`../${name}/x.ts`);'),
    // A test may reach files outside src/ (the rules themselves).
    at('test/importBoundaries.test.ts', "import { importBoundaries } from '../../eslint/import-boundaries.js';"),
  ],
  invalid: [
    // Every way a feature can name another feature's module.
    fails('features/challenges/api.ts', "import { sendOne } from '../game/stores/outbox.ts';", 'otherFeature'),
    fails('features/challenges/ChallengeButton.tsx', "import type { SessionMeta } from '../game/stores/session.ts';", 'otherFeature'),
    fails('features/challenges/api.ts', "import { loadSave } from '../game/stores';", 'otherFeature'),
    fails('features/explore/x/Deep.tsx', "import { x } from '../../../features/game/api.ts';", 'otherFeature'),
    fails('features/explore/Explore.tsx', "import { Game } from '../game';", 'otherFeature'),
    fails('features/game/components/GameOverModal.tsx', "const G = lazy(() => import('../../groups/GroupRanks.tsx'));", 'otherFeature'),
    fails('features/game/components/A.tsx', 'const m = import(`../../community/api.ts`);', 'otherFeature'),
    fails('features/explore/CardMenu.tsx', "export { MAKE_DAILY_CONFIRM } from '../admin/api.ts';", 'otherFeature'),
    fails('features/explore/index.ts', "export * from '../admin/api.ts';", 'otherFeature'),
    fails('features/explore/GameCards.tsx', "type Saved = import('../game/stores/saves.ts').SavedGame;", 'otherFeature'),
    fails('features/explore/Explore.test.ts', "vi.mock('../game/api.ts', () => ({}));", 'otherFeature'),
    fails('features/admin/Edit.tsx', "import { GameFormView } from '../game-form/GameFormView.tsx';", 'otherFeature'),
    // Aliases and root paths, should the project add them.
    fails('features/accounts/Account.tsx', "import { LoginFirst } from '@/features/groups/Groups.tsx';", 'otherFeature'),
    fails('features/accounts/Account.tsx', "import { LoginFirst } from 'src/features/groups/Groups.tsx';", 'otherFeature'),
    fails('features/accounts/Account.tsx', "import { LoginFirst } from '~/features/groups';", 'otherFeature'),
    // The app shell, from a feature or shared code.
    fails('features/game/routes/Home.tsx', "import { Layout } from '../../../app/Layout.tsx';", 'featureToApp'),
    fails('features/game/routes/Home.tsx', "import { Layout } from '@/app/Layout.tsx';", 'featureToApp'),
    fails('lib/warmUp.ts', "const m = import('../app/pwa/start.tsx');", 'sharedToApp'),
    // A feature, from shared code.
    fails('stores/saves.ts', "import type { Submission } from '../features/game/requests.ts';", 'sharedToFeature'),
    fails('components/Modal.tsx', "const m = import('../features/game/components/HowToPlayModal.tsx');", 'sharedToFeature'),
    fails('test/fixtures.ts', "vi.mock('../features/game/api.ts');", 'sharedToFeature'),
  ],
});
