import type { Option } from '../../kit/types.ts';

export const KIND_OPTIONS: Option[] = [
  { value: 'volunteer', label: 'volunteers.kind.volunteer' },
  { value: 'small_librarian', label: 'volunteers.kind.small_librarian' },
];
export const STATE_OPTIONS: Option[] = ['pending', 'approved', 'rejected', 'inactive'].map((s) => ({
  value: s,
  label: `volunteers.state.${s}`,
}));
export const SIGN_STATE_OPTIONS: Option[] = ['open', 'done', 'forgotten'].map((s) => ({
  value: s,
  label: `volunteers.sign.${s}`,
}));
export const WEEKDAY_OPTIONS: Option[] = [1, 2, 3, 4, 5, 6, 7].map((d) => ({
  value: d,
  label: `volunteers.weekday.${d}`,
}));
