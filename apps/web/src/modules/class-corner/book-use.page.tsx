import { UseScreen } from './stats.tsx';

/** /class-bookuse */
export default function ClassBookUsePage() {
  return <UseScreen />;
}
