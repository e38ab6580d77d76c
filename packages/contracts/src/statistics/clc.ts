/**
 * The 22 main classes of the 中图法 (CLC, 5th ed.) and the five basic parts (五大部类) they fall in. Reports
 * group a title by the first letter of its class number; '' = no class number.
 */
export const CLC_PARTS = ['marxism', 'philosophy', 'social', 'natural', 'general'] as const;
export type ClcPart = (typeof CLC_PARTS)[number];

export interface ClcClass {
  code: string;
  zh: string;
  en: string;
  part: ClcPart;
}

export const CLC_CLASSES: readonly ClcClass[] = [
  {
    code: 'A',
    zh: '马克思主义、列宁主义、毛泽东思想、邓小平理论',
    en: 'Marxism, Leninism, Mao Zedong Thought, Deng Xiaoping Theory',
    part: 'marxism',
  },
  { code: 'B', zh: '哲学、宗教', en: 'Philosophy and religion', part: 'philosophy' },
  { code: 'C', zh: '社会科学总论', en: 'Social sciences in general', part: 'social' },
  { code: 'D', zh: '政治、法律', en: 'Politics and law', part: 'social' },
  { code: 'E', zh: '军事', en: 'Military science', part: 'social' },
  { code: 'F', zh: '经济', en: 'Economics', part: 'social' },
  { code: 'G', zh: '文化、科学、教育、体育', en: 'Culture, science, education, sports', part: 'social' },
  { code: 'H', zh: '语言、文字', en: 'Languages and writing', part: 'social' },
  { code: 'I', zh: '文学', en: 'Literature', part: 'social' },
  { code: 'J', zh: '艺术', en: 'Arts', part: 'social' },
  { code: 'K', zh: '历史、地理', en: 'History and geography', part: 'social' },
  { code: 'N', zh: '自然科学总论', en: 'Natural sciences in general', part: 'natural' },
  { code: 'O', zh: '数理科学和化学', en: 'Mathematics, physics and chemistry', part: 'natural' },
  { code: 'P', zh: '天文学、地球科学', en: 'Astronomy and earth sciences', part: 'natural' },
  { code: 'Q', zh: '生物科学', en: 'Biological sciences', part: 'natural' },
  { code: 'R', zh: '医药、卫生', en: 'Medicine and health', part: 'natural' },
  { code: 'S', zh: '农业科学', en: 'Agricultural sciences', part: 'natural' },
  { code: 'T', zh: '工业技术', en: 'Industrial technology', part: 'natural' },
  { code: 'U', zh: '交通运输', en: 'Transportation', part: 'natural' },
  { code: 'V', zh: '航空、航天', en: 'Aviation and aerospace', part: 'natural' },
  { code: 'X', zh: '环境科学、安全科学', en: 'Environmental and safety sciences', part: 'natural' },
  { code: 'Z', zh: '综合性图书', en: 'General works', part: 'general' },
];

const BY_CODE = new Map(CLC_CLASSES.map((c) => [c.code, c]));
export const clcClass = (letter: string): ClcClass | undefined => BY_CODE.get(letter);
