export { ReaderHistoryPage as default } from './history.tsx';
