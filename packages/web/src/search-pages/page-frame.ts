import { getArchiveInfo } from '../api/search-client.ts';
import { PRODUCT_TITLE, ROOT_ELEMENT_ID, parseRootConfig, type AppConfig } from '../config.ts';
import { h, show } from './dom.ts';
import { chartRoute, underBasename } from './request-param.ts';
import '../theme.css';
import './search-pages.css';

/** What every search page starts from: the config the server injected and the page's parameters. */
export interface PageFrame {
  config: AppConfig;
  params: URLSearchParams;
  /** The dashboard route the visitor came from (`&chart=`), if any. */
  chart?: string;
  /** Where the page's own content goes, below the header. */
  main: HTMLElement;
}

/**
 * Mounts the page on the same root element as the dashboard, with the same config:
 * a header linking home and back to the chart, and the Demo data badge when the service says so.
 * Null, with a message on the page, when the config is unusable.
 */
export function mountFrame(title: string): PageFrame | null {
  const root = document.getElementById(ROOT_ELEMENT_ID);
  if (!root) {
    console.error(`${PRODUCT_TITLE}: no element with id "${ROOT_ELEMENT_ID}" to mount on`);
    return null;
  }
  document.title = `${PRODUCT_TITLE}: ${title}`;
  const result = parseRootConfig(root.getAttribute('data-config'));
  const main = h('main', { class: 'ps-sp-main' });
  root.classList.add('ps-sp');
  if (!result.ok) {
    show(root, main);
    show(
      main,
      h('h1', {}, title),
      h(
        'p',
        { role: 'alert', class: 'ps-sp-error' },
        `This page is not configured correctly: ${result.message}`,
      ),
    );
    return null;
  }
  const { config } = result;
  const params = new URLSearchParams(window.location.search);
  const chart = chartRoute(params.get('chart'));
  const badge = h(
    'span',
    { class: 'ps-sp-badge', hidden: true, title: 'The service reports a synthetic demo archive' },
    'Demo data',
  );
  const header = h(
    'header',
    { class: 'ps-sp-header' },
    h('a', { class: 'ps-sp-brand', href: config.basename }, PRODUCT_TITLE),
    badge,
    h(
      'a',
      {
        class: 'ps-sp-back',
        href: underBasename(config.basename, chart ?? '/'),
        'data-testid': 'back-to-chart',
      },
      // On a phone only '← Back' shows, so that the header keeps to one row as the dashboard's does.
      '← Back',
      h('span', { class: 'ps-sp-back-more' }, chart ? ' to the chart' : ' to the statistics'),
    ),
  );
  show(root, header, main);
  void getArchiveInfo(config.sierraConfig.searchApiUrl)
    .then((archive) => {
      badge.hidden = !archive?.demo;
    })
    .catch(() => undefined);
  return { config, params, main, ...(chart && { chart }) };
}
