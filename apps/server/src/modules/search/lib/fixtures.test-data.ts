import type { SearchFields } from './document.ts';

/** 50 catalogue records (25 Chinese, 25 English) for the search tests; ISBNs get valid check digits. */
const zh: [string, string, string, string, string][] = [
  ['红楼梦', '曹雪芹', '人民文学出版社', '古典小说', 'I242.4'],
  ['红楼梦人物论', '王昆仑', '三联书店', '红学研究', 'I207.411'],
  ['西游记', '吴承恩', '人民文学出版社', '古典小说', 'I242.4'],
  ['水浒传', '施耐庵', '人民文学出版社', '古典小说', 'I242.4'],
  ['三国演义', '罗贯中', '人民文学出版社', '历史小说', 'I242.4'],
  ['骆驼祥子', '老舍', '人民文学出版社', '现代小说', 'I246.5'],
  ['边城', '沈从文', '北岳文艺出版社', '中篇小说', 'I246.5'],
  ['围城', '钱锺书', '人民文学出版社', '长篇小说', 'I246.5'],
  ['活着', '余华', '作家出版社', '当代小说', 'I247.5'],
  ['平凡的世界', '路遥', '北京十月文艺出版社', '当代小说', 'I247.5'],
  ['白鹿原', '陈忠实', '人民文学出版社', '当代小说', 'I247.5'],
  ['长安的荔枝', '马伯庸', '湖南文艺出版社', '历史小说', 'I247.5'],
  ['朝花夕拾', '鲁迅', '人民文学出版社', '散文集', 'I266'],
  ['呐喊', '鲁迅', '人民文学出版社', '短篇小说', 'I246.7'],
  ['中国通史', '吕思勉', '中华书局', '中国历史', 'K20'],
  ['万历十五年', '黄仁宇', '中华书局', '明朝历史', 'K248'],
  ['数学分析', '华东师范大学数学系', '高等教育出版社', '数学教材', 'O17'],
  ['时间简史', '霍金', '湖南科学技术出版社', '宇宙学', 'P159'],
  ['昆虫记', '法布尔', '作家出版社', '昆虫 科普读物', 'Q96'],
  ['重庆森林', '王家卫', '中国电影出版社', '电影剧本', 'J905'],
  ['银行会计', '李明', '中国金融出版社', '银行 会计', 'F830'],
  ['梦', '张三', '少年儿童出版社', '儿童文学', 'I287'],
  ['Java编程思想', '埃克尔', '机械工业出版社', '程序设计', 'TP312'],
  ['城南旧事', '林海音', '中国青年出版社', '小说', 'I246.5'],
  ['草房子', '曹文轩', '江苏少年儿童出版社', '儿童文学', 'I287.45'],
];
const en: [string, string, string, string, string][] = [
  ['Pride and Prejudice', 'Jane Austen', 'Penguin', 'English fiction', 'I561.44'],
  ['Sense and Sensibility', 'Jane Austen', 'Penguin', 'English fiction', 'I561.44'],
  ['Emma', 'Jane Austen', 'Oxford University Press', 'English fiction', 'I561.44'],
  ['The Great Gatsby', 'F. Scott Fitzgerald', 'Scribner', 'American fiction', 'I712.45'],
  ['Moby-Dick', 'Herman Melville', 'Harper', 'Whaling stories', 'I712.44'],
  ['War and Peace', 'Leo Tolstoy', 'Vintage', 'Russian fiction', 'I512.44'],
  ['Anna Karenina', 'Leo Tolstoy', 'Vintage', 'Russian fiction', 'I512.44'],
  ['Crime and Punishment', 'Fyodor Dostoevsky', 'Vintage', 'Russian fiction', 'I512.44'],
  ['Harry Potter and the Sorcerer’s Stone', 'J. K. Rowling', 'Scholastic', 'Magic fiction', 'I561.84'],
  ['Harry Potter and the Chamber of Secrets', 'J. K. Rowling', 'Scholastic', 'Magic fiction', 'I561.84'],
  ['The Hobbit', 'J. R. R. Tolkien', 'HarperCollins', 'Fantasy fiction', 'I561.45'],
  ['A Brief History of Time', 'Stephen Hawking', 'Bantam', 'Cosmology', 'P159'],
  ['The Origin of Species', 'Charles Darwin', 'John Murray', 'Evolution', 'Q111'],
  ['Introduction to Algorithms', 'Thomas Cormen', 'MIT Press', 'Computer algorithms', 'TP301.6'],
  ['Structure and Interpretation of Computer Programs', 'Harold Abelson', 'MIT Press', 'Programming', 'TP311'],
  ['The Art of Computer Programming', 'Donald Knuth', 'Addison-Wesley', 'Algorithms', 'TP311'],
  ['Gödel, Escher, Bach', 'Douglas Hofstadter', 'Basic Books', 'Mathematics; Art', 'O1'],
  ['Charlotte’s Web', 'E. B. White', 'Harper', 'Children’s stories; Pigs', 'I712.85'],
  ['Matilda', 'Roald Dahl', 'Puffin', 'Children’s stories', 'I561.85'],
  ['The Little Prince', 'Antoine de Saint-Exupéry', 'Harcourt', 'Fables', 'I565.88'],
  ['To Kill a Mockingbird', 'Harper Lee', 'Lippincott', 'Racism; Trials', 'I712.45'],
  ['Nineteen Eighty-Four', 'George Orwell', 'Secker & Warburg', 'Dystopias', 'I561.45'],
  ['Animal Farm', 'George Orwell', 'Secker & Warburg', 'Satire', 'I561.45'],
  ['Dream Catcher', 'Mo Li', 'Harper', 'Dreams', 'I712.45'],
  ['Walden', 'Henry David Thoreau', 'Ticknor and Fields', 'Nature', 'I712.64'],
];

function isbn13(n: number): string {
  const body = `9787${String(n).padStart(8, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + ((10 - (sum % 10)) % 10);
}

export interface Fixture extends SearchFields {
  id: number;
  title: string;
  isbn: string;
}

export const FIXTURES: Fixture[] = [...zh, ...en].map(([title, author, publisher, subjects, callNumber], i) => ({
  id: i + 1,
  title,
  author,
  publisher,
  subjects,
  callNumber,
  // Every third record has a hyphenated ISBN, as MARC data often does.
  isbn: i % 3 === 0 ? isbn13(100 + i).replace(/^(\d{3})(\d)(\d{2})(\d{6})(\d)$/, '$1-$2-$3-$4-$5') : isbn13(100 + i),
}));

export const byTitle = (title: string) => FIXTURES.find((f) => f.title === title)!.id;
