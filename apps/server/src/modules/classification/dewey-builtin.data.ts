/**
 * The built-in Dewey Decimal Classification summaries: the ten main classes (000…900) and their divisions
 * (010…990); a class's first division (x00) is the class itself. `code|English|中文` per line. A full scheme
 * is imported with `importClassScheme({ scheme: 'dewey', … })`.
 */
const DATA = `
000|Computer science, information & general works|计算机科学、信息与总论
010|Bibliographies|书目
020|Library & information sciences|图书馆学与信息科学
030|Encyclopedias & books of facts|百科全书与事实汇编
040|[Unassigned]|（未使用）
050|Magazines, journals & serials|杂志、期刊与连续出版物
060|Associations, organizations & museums|协会、组织与博物馆
070|News media, journalism & publishing|新闻媒体、新闻学与出版
080|Quotations|引语集
090|Manuscripts & rare books|手稿与珍本
100|Philosophy & psychology|哲学与心理学
110|Metaphysics|形而上学
120|Epistemology|认识论
130|Parapsychology & occultism|超心理学与神秘学
140|Philosophical schools of thought|哲学流派
150|Psychology|心理学
160|Philosophical logic|哲学逻辑
170|Ethics|伦理学
180|Ancient, medieval & eastern philosophy|古代、中世纪与东方哲学
190|Modern western philosophy|近现代西方哲学
200|Religion|宗教
210|Philosophy & theory of religion|宗教哲学与宗教理论
220|The Bible|圣经
230|Christianity|基督教
240|Christian practice & observance|基督教实践与仪式
250|Christian pastoral practice & religious orders|基督教牧灵实践与修会
260|Christian organization, social work & worship|基督教组织、社会工作与礼拜
270|History of Christianity|基督教史
280|Christian denominations|基督教教派
290|Other religions|其他宗教
300|Social sciences|社会科学
310|Statistics|统计学
320|Political science|政治学
330|Economics|经济学
340|Law|法律
350|Public administration & military science|公共行政与军事科学
360|Social problems & social services|社会问题与社会服务
370|Education|教育
380|Commerce, communications & transportation|商业、通信与交通
390|Customs, etiquette & folklore|风俗、礼仪与民俗
400|Language|语言
410|Linguistics|语言学
420|English & Old English languages|英语与古英语
430|German & related languages|德语及相关语言
440|French & related languages|法语及相关语言
450|Italian, Romanian & related languages|意大利语、罗马尼亚语及相关语言
460|Spanish, Portuguese, Galician|西班牙语、葡萄牙语、加利西亚语
470|Latin & Italic languages|拉丁语与意大利语族语言
480|Classical & modern Greek languages|古典与现代希腊语
490|Other languages|其他语言
500|Science|自然科学
510|Mathematics|数学
520|Astronomy|天文学
530|Physics|物理学
540|Chemistry|化学
550|Earth sciences & geology|地球科学与地质学
560|Fossils & prehistoric life|化石与史前生物
570|Biology|生物学
580|Plants (Botany)|植物学
590|Animals (Zoology)|动物学
600|Technology|技术（应用科学）
610|Medicine & health|医学与健康
620|Engineering|工程学
630|Agriculture|农业
640|Home & family management|家政与家庭管理
650|Management & public relations|管理与公共关系
660|Chemical engineering|化学工程
670|Manufacturing|制造业
680|Manufacture for specific uses|特定用途制造
690|Construction of buildings|建筑施工
700|Arts & recreation|艺术与娱乐
710|Area planning & landscape architecture|区域规划与景观建筑
720|Architecture|建筑学
730|Sculpture, ceramics & metalwork|雕塑、陶瓷与金属工艺
740|Graphic arts & decorative arts|平面艺术与装饰艺术
750|Painting|绘画
760|Printmaking & prints|版画
770|Photography, computer art, film, video|摄影、计算机艺术、电影与视频
780|Music|音乐
790|Sports, games & entertainment|体育、游戏与娱乐
800|Literature|文学
810|American literature in English|美国英语文学
820|English & Old English literatures|英语与古英语文学
830|German & related literatures|德语及相关文学
840|French & related literatures|法语及相关文学
850|Italian, Romanian & related literatures|意大利语、罗马尼亚语及相关文学
860|Spanish, Portuguese, Galician literatures|西班牙语、葡萄牙语、加利西亚语文学
870|Latin & Italic literatures|拉丁语与意大利语族文学
880|Classical & modern Greek literatures|古典与现代希腊文学
890|Other literatures|其他语言文学
900|History & geography|历史与地理
910|Geography & travel|地理与旅行
920|Biography & genealogy|传记与家谱
930|History of ancient world (to ca. 499)|古代世界史（约公元 499 年以前）
940|History of Europe|欧洲史
950|History of Asia|亚洲史
960|History of Africa|非洲史
970|History of North America|北美洲史
980|History of South America|南美洲史
990|History of other areas|其他地区史
`;

const lines = DATA.trim()
  .split('\n')
  .map((l) => l.split('|') as [string, string, string]);

/** English names of the built-in nodes (the table holds the Chinese ones). */
export const DEWEY_EN: ReadonlyMap<string, string> = new Map(lines.map(([code, en]) => [code, en]));

/** Rows for importClassScheme: classes x00 at level 1, divisions xy0 (y ≠ 0) at level 2 under them. */
export function builtinDeweyClasses() {
  return lines.map(([code, , zh]) => {
    const top = code.endsWith('00');
    return { code, name: zh, level: top ? 1 : 2, parentCode: top ? null : `${code[0]}00` };
  });
}
