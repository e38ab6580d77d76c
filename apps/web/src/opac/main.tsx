import '../app/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../i18n/index.ts';
import { addDomains } from '../i18n/index.ts';
import { OpacApp } from './OpacApp.tsx';
import './opac.css';

// The public site's own texts, both languages (a few KB): the back office's never load here.
const texts = import.meta.glob<Record<string, unknown>>('../i18n/*/opac.json', { eager: true, import: 'default' });
addDomains(Object.fromEntries(Object.entries(texts).map(([path, json]) => [path.replace('../i18n/', './'), json])));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <OpacApp />
  </StrictMode>,
);
