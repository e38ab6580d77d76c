export { ItemHistoryPage as default } from './history.tsx';
