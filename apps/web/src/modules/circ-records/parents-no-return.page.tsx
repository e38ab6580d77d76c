export { ParentNoReturnPage as default } from './parents.page.tsx';
