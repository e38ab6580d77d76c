import type { Plugin } from 'vite';

const IS_BRIGHT = '\0shuyuan:antd-is-bright';

/**
 * Two imports inside antd pull the whole colour picker into every page that shows a button (~8 KB gzip, the
 * sign-in page's included), although they need one small helper each:
 * - Button's and Tag's styles import `isBright` from color-picker/components/ColorPresets, the module of the
 *   presets panel (with Collapse); they get the same function from a module of its own.
 * - antd's colour class (color-picker/color.js, util.js) imports rc-color-picker's `Color` from the package
 *   index, which also holds the picker; it is resolved to the file that defines `Color`.
 * The colour picker itself is unchanged where a screen uses it. Checked against antd 6.x: if antd moves these
 * imports, they no longer match and the build simply uses antd's own modules.
 */
export function antdLight(): Plugin {
  return {
    name: 'shuyuan:antd-light',
    apply: 'build',
    // Before Vite's own resolver, which would resolve the paths first.
    enforce: 'pre',
    resolveId: {
      filter: { id: /(color-picker\/components\/ColorPresets|^@rc-component\/color-picker)$/ },
      handler(source, importer = '') {
        if (
          source === '../../color-picker/components/ColorPresets' &&
          /antd[\\/]es[\\/](button|tag)[\\/]style[\\/]/.test(importer)
        )
          return IS_BRIGHT;
        if (
          source === '@rc-component/color-picker' &&
          /antd[\\/]es[\\/]color-picker[\\/](color|util)\.js$/.test(importer)
        )
          return this.resolve('@rc-component/color-picker/es/color', importer, { skipSelf: true });
        return null;
      },
    },
    load: {
      filter: { id: /^\0shuyuan:antd-is-bright$/ },
      handler() {
        // Same body as antd's isBright (antd/es/color-picker/components/ColorPresets.js).
        return `import { Color as RcColor } from '@rc-component/color-picker/es/color';
export const isBright = (value, bgColorToken) => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};`;
      },
    },
  };
}
