// Sets written after the analyser's thresholds were tuned on the other corpus files, to measure it on
// answers it was not fitted to: tables, numbered lists, parentheses, numeric dates, longer paragraphs.

import { answers, type LabelledSet } from './analyser-corpus';

export const heldOutConflictSets: LabelledSet[] = [
  {
    name: 'held out, table against prose: speed of sound',
    answers: answers({
      chatgpt: `| Medium | Speed of sound |
|---|---|
| Air at 20 °C | 343 m/s |
| Water | about 1,480 m/s |`,
      claude: `In dry air at 20 °C, sound travels at about 1,235 km/h. In water it is more than four times faster.`,
      gemini: `The speed of sound in air at 20 °C is about 300 m/s, and in water roughly 1,480 m/s.`,
    }),
    conflicts: [{ chatgpt: '343 m/s', claude: '1,235 km/h', gemini: '300 m/s' }],
  },
  {
    name: 'held out, author: Pride and Prejudice',
    answers: answers({
      chatgpt: `Pride and Prejudice was written by Jane Austen and published in 1813. It follows Elizabeth Bennet and Mr Darcy.`,
      grok: `Pride and Prejudice was written by Charlotte Brontë and published in 1813; its heroine is Elizabeth Bennet.`,
    }),
    conflicts: [{ chatgpt: 'Jane Austen', grok: 'Charlotte Brontë' }],
  },
  {
    name: 'held out, year of a prize: Einstein',
    answers: answers({
      chatgpt: `Albert Einstein received the Nobel Prize in Physics in 1921 for his explanation of the photoelectric effect, not for relativity.`,
      claude: `Einstein was awarded the 1925 Nobel Prize in Physics for his work on the photoelectric effect.`,
    }),
    conflicts: [{ chatgpt: '1921', claude: '1925' }],
  },
  {
    name: 'held out, numbered list with percentages: the atmosphere',
    answers: answers({
      chatgpt: `Dry air is made up of:
1. Nitrogen — about 78%
2. Oxygen — about 21%
3. Argon — about 0.93%`,
      llama: `Earth's atmosphere is roughly 78 percent nitrogen and 16 percent oxygen, with small amounts of argon and carbon dioxide.`,
    }),
    conflicts: [{ chatgpt: '21%', llama: '16 percent' }],
  },
  {
    name: 'held out, number words: hearts of an octopus',
    answers: answers({
      chatgpt: `An octopus has three hearts: two pump blood through the gills and one supplies the rest of the body. It also has eight arms.`,
      gemini: `Octopuses have eight arms and two hearts, and their blood is blue because it uses copper-based hemocyanin.`,
    }),
    conflicts: [{ chatgpt: 'three hearts', gemini: 'two hearts' }],
  },
  {
    name: 'held out, date with an ordinal day: sinking of the Titanic',
    answers: answers({
      chatgpt: `The Titanic struck an iceberg late on 14 April 1912 and sank in the early hours of 15 April 1912. More than 1,500 people died.`,
      grok: `RMS Titanic sank on April 14th, 1912, on her maiden voyage from Southampton to New York. More than 1,500 people lost their lives.`,
    }),
    conflicts: [{ chatgpt: '15 April 1912', grok: 'April 14th, 1912' }],
  },
  {
    name: 'held out, mass with conversion: the blue whale',
    answers: answers({
      chatgpt: `The blue whale is the largest animal ever known. An adult can weigh about 150 tonnes and reach 30 metres in length.`,
      deepseek: `Adult blue whales can weigh about 330,000 pounds and grow to roughly 30 m long.`,
      llama: `A blue whale can weigh around 15 tonnes and measure up to 30 metres.`,
    }),
    conflicts: [{ chatgpt: '150 tonnes', deepseek: '330,000 pounds', llama: '15 tonnes' }],
  },
  {
    name: 'held out, name in the same slot: first person on the Moon',
    answers: answers({
      chatgpt: `Neil Armstrong was the first person to walk on the Moon, on 21 July 1969 (UTC). Buzz Aldrin followed him about 20 minutes later.`,
      llama: `Buzz Aldrin was the first person to walk on the Moon, stepping out of the lunar module Eagle in July 1969.`,
    }),
    conflicts: [{ chatgpt: 'Neil Armstrong', llama: 'Buzz Aldrin' }],
  },
];

export const heldOutStyleSets: LabelledSet[] = [
  {
    name: 'held out, speed of sound: table, km/h and mph',
    answers: answers({
      chatgpt: `| Quantity | Value |
|---|---|
| Speed of sound in air (20 °C) | 343 m/s |
| Same, in km/h | 1,235 km/h |`,
      claude: `At room temperature (20 °C), sound moves through air at roughly 767 mph, which is about 343 metres per second.`,
    }),
    conflicts: [],
  },
  {
    name: 'held out, Jane Austen: years in parentheses against prose',
    answers: answers({
      chatgpt: `Jane Austen's novels include:
- *Sense and Sensibility* (1811)
- *Pride and Prejudice* (1813)
- *Emma* (1815)

She died in Winchester in 1817, aged 41.`,
      gemini: `Austen published Sense and Sensibility in 1811 and Pride and Prejudice two years later, in 1813. Emma followed in 1815. She died in 1817 at the age of 41.`,
    }),
    conflicts: [],
  },
  {
    name: 'held out, Titanic: numbers as bounds and hedges',
    answers: answers({
      chatgpt: `The Titanic sank on 15 April 1912 after striking an iceberg the night before. Of the roughly 2,224 people on board, more than 1,500 died.`,
      grok: `**RMS Titanic**
- Struck an iceberg: 14 April 1912, shortly before midnight
- Sank: April 15, 1912
- People aboard: about 2,200 passengers and crew
- Deaths: around 1,500`,
    }),
    conflicts: [],
  },
  {
    name: 'held out, octopus: negations said differently',
    answers: answers({
      chatgpt: `Octopuses have three hearts and eight arms. They have no bones, which lets them squeeze through tiny gaps.`,
      claude: `An octopus does not have a skeleton, so it can fit through any opening larger than its beak. It has eight arms and three hearts.`,
    }),
    conflicts: [],
  },
  {
    name: 'held out, atmosphere: percentages with bounds',
    answers: answers({
      chatgpt: `Dry air is about 78% nitrogen, 21% oxygen and 0.93% argon, with carbon dioxide at roughly 0.04%.`,
      llama: `Nitrogen makes up roughly 78 percent of the air and oxygen about 21 percent. Argon accounts for less than 1 percent, and carbon dioxide for about 0.04 percent.`,
    }),
    conflicts: [],
  },
  {
    name: 'held out, Einstein: numeric date against a written one',
    answers: answers({
      chatgpt: `Albert Einstein was born in Ulm, Germany, on March 14, 1879. He won the Nobel Prize in Physics in 1921 and died in Princeton in 1955.`,
      claude: `**Albert Einstein**
- Born: 14/03/1879, Ulm
- Nobel Prize in Physics: 1921, for the photoelectric effect
- Died: 18 April 1955, Princeton, New Jersey`,
    }),
    conflicts: [],
  },
];
