import { registerMessages } from '../../platform/i18n/messages.ts';
import type { ServerModule } from '../index.ts';
import { bulletinRoutes } from './bulletin.routes.ts';
import { bookcaseRoutes, kioskRoutes } from './kiosk.routes.ts';
import { bulletinPublicRoutes } from './public.routes.ts';

registerMessages({
  'bulletin.titleRequired': { zh: '请填写标题', en: 'Please fill in the title' },
  'bulletin.nameRequired': { zh: '请填写名称', en: 'Please fill in the name' },
  'bulletin.badImage': {
    zh: '图片须为上传的公开图片',
    en: 'The picture must be an uploaded public picture',
  },
  'bulletin.tooManyPictures': { zh: '图片最多 30 张', en: 'At most 30 pictures' },
  'bulletin.badDate': { zh: '日期格式应为 YYYY-MM-DD', en: 'Dates are written YYYY-MM-DD' },
  'bulletin.batchOrDates': {
    zh: '请选择验收批次，或填写起止日期',
    en: 'Choose an acceptance batch, or give a start and an end day',
  },
  'bulletin.datesReversed': { zh: '结束日期不能早于开始日期', en: 'The end day cannot be before the start day' },
  'bulletin.batchNotFound': { zh: '验收批次不存在', en: 'This acceptance batch does not exist' },
  'bulletin.badUrl': {
    zh: '链接须以 http:// 或 https:// 开头',
    en: 'The link must start with http:// or https://',
  },
  'bulletin.badKind': { zh: '类型不正确', en: 'This kind is not allowed here' },
  'bulletin.locationRequired': { zh: '请选择本校的馆藏地点', en: 'Choose a location of this school' },
  'kiosk.app.guidescreen': { zh: '导览屏', en: 'Guide screen' },
  'kiosk.app.guidescreen/search': { zh: '触摸检索', en: 'Touch search' },
  'kiosk.app.newbook': { zh: '新书推荐', en: 'New books' },
  'kiosk.app.hotBook': { zh: '热门图书', en: 'Popular books' },
  'kiosk.app.brstatistic': { zh: '借阅统计', en: 'Loans' },
  'kiosk.app.schoolNews': { zh: '新闻公告', en: 'News' },
});

/** Notices, news, library dynamics, new-book announcements, network resources and the library introduction. */
export const bulletinModule: ServerModule = {
  name: 'bulletin',
  routes: (app) => {
    bulletinRoutes(app);
    bulletinPublicRoutes(app);
    kioskRoutes(app);
    bookcaseRoutes(app);
  },
};
