/**
 * Local ESLint rule: text a player reads must go through the i18n layer (src/lib/i18n.ts). It
 * fails on JSX text with a letter in it (`<p>Hello</p>`), on a string literal or template
 * rendered as a JSX child (`{'Hello'}`), and on a literal in an attribute players read or hear
 * (`title`, `aria-label`, `placeholder`, `alt`, `label`…). Letters of any script count, so an
 * Arabic literal fails as an English one does. Outside JSX (toasts, notices, constants a
 * component shows) it fails on a literal given to a user-facing property (`title: 'Saved'`) and on
 * any sentence (two words or more, capitalised or ending in . ! ? …), unless it is thrown, logged
 * or a message id. Words in `allow` (names, not language: the brand) pass. Everything else in the
 * code (class names, keys, URLs) is not the rule's business.
 */
const USER_FACING = new Set([
  'title', 'aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'placeholder', 'alt', 'label',
  'description', 'confirmLabel', 'cancelLabel', 'message', 'heading', 'caption', 'emptyText',
]);
const LETTER = /\p{L}/u;

/** @type {import('eslint').Rule.RuleModule} */
export const noUntranslatedText = {
  meta: {
    type: 'problem',
    docs: { description: 'Require user-visible JSX text and attributes to be translated' },
    schema: [{ type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: { text: 'Untranslated text "{{text}}": use t(id) / <Trans id> (src/lib/i18n.ts) and add the id to src/locales/en.' },
  },
  create(context) {
    const allow = new Set(context.options[0]?.allow ?? []);
    /** @param {import('estree').Node} node @param {string} raw */
    const check = (node, raw) => {
      const text = raw.trim();
      if (!LETTER.test(text) || allow.has(text)) return;
      context.report({ node, messageId: 'text', data: { text: text.length > 40 ? `${text.slice(0, 40)}…` : text } });
    };
    /** @param {any} expression @returns {string | undefined} */
    const literalText = (expression) => {
      if (expression.type === 'Literal' && typeof expression.value === 'string') return expression.value;
      if (expression.type === 'TemplateLiteral') return expression.quasis.map((/** @type {any} */ q) => q.value.cooked ?? '').join('${}');
      if (expression.type === 'ConditionalExpression') return `${literalText(expression.consequent) ?? ''} ${literalText(expression.alternate) ?? ''}`;
      if (expression.type === 'LogicalExpression') return literalText(expression.right);
      return undefined;
    };
    /** A message id (`a.nav.today`) or a file name: translated where it is shown, or no text. */
    const ID = /^[\w-]+(\.[\w-]+)+$/;
    /** A sentence a player would read: two words or more, capitalised or ending in . ! ? … */
    /** @param {string} text */
    const isSentence = (text) =>
      text.split(/\s+/).filter((w) => /\p{L}{2}/u.test(w)).length >= 2 && (/^\P{L}*\p{Lu}/u.test(text) || /[.!?…]["'”’)\]]*$/u.test(text));
    /** Text a player never reads: errors for developers, logs, and a message's id. @param {any} node */
    const forDevelopers = (node) => {
      for (let n = node.parent; n; n = n.parent) {
        if (n.type === 'NewExpression' || n.type === 'ThrowStatement') return true;
        if (n.type === 'CallExpression') {
          const callee = n.callee.type === 'MemberExpression' ? n.callee.object.name : n.callee.name;
          return callee === 'console' || callee === 't' || callee === 'tLoaded';
        }
        if (n.type === 'Property' || n.type === 'VariableDeclarator' || n.type === 'ReturnStatement' || n.type === 'ArrowFunctionExpression') return false;
      }
      return false;
    };
    return {
      /**
       * Outside JSX too (toasts, notices, constants a component shows): a user-facing property
       * (`title: 'Saved'`) or a sentence, unless it is an error or a log for developers.
       * @param {any} node
       */
      'Literal, TemplateLiteral'(node) {
        if (node.parent.type === 'JSXAttribute' || node.parent.type === 'JSXExpressionContainer' || node.parent.type === 'ImportDeclaration') return;
        if (node.parent.type === 'ExportNamedDeclaration' || node.parent.type === 'ExportAllDeclaration' || node.parent.type === 'ImportExpression') return;
        if (node.parent.type === 'TSLiteralType' || node.parent.type === 'TaggedTemplateExpression') return;
        const text = literalText(node);
        if (text === undefined || forDevelopers(node)) return;
        const property = node.parent.type === 'Property' && node.parent.value === node && node.parent.key.type === 'Identifier' ? node.parent.key.name : undefined;
        if (ID.test(text.trim())) return;
        if ((property !== undefined && USER_FACING.has(property)) || isSentence(text.trim())) check(node, text);
      },
      /** @param {any} node */
      JSXText(node) {
        check(node, node.value);
      },
      /** @param {any} node */
      JSXExpressionContainer(node) {
        if (node.parent.type === 'JSXAttribute') return;
        const text = literalText(node.expression);
        if (text !== undefined) check(node, text);
      },
      /** @param {any} node */
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : node.name.name.name;
        if (!USER_FACING.has(name) || !node.value) return;
        const text = node.value.type === 'Literal' ? node.value.value : node.value.type === 'JSXExpressionContainer' ? literalText(node.value.expression) : undefined;
        if (typeof text === 'string') check(node, text);
      },
    };
  },
};

export default { rules: { 'no-untranslated-text': noUntranslatedText } };
