// Conflict sets: answers that contradict each other on known facts, one value type or more per set,
// surrounded by facts they share so that the conflict has to be found among agreements.

import { answers, type LabelledSet } from './analyser-corpus';

export const conflictSets: LabelledSet[] = [
  {
    name: 'year: fall of the Berlin Wall',
    answers: answers({
      chatgpt: `The Berlin Wall was built by the German Democratic Republic in 1961 to stop East Germans fleeing to the West.
It divided Berlin for 28 years. The Berlin Wall fell in 1989, after mass protests and a confused announcement by Günter Schabowski.
Germany was reunified the following year.`,
      grok: `Construction of the Berlin Wall began in 1961. For decades it stood as the symbol of the Cold War.
The Berlin Wall fell in 1991, when crowds crossed freely into West Berlin. Germany was reunified soon after.`,
      gemini: `**Key facts**
- Built: 1961, by East Germany
- The Berlin Wall fell in 1989, on the night the border crossings were opened.
- It had divided the city for 28 years.`,
    }),
    conflicts: [{ chatgpt: 'fell in 1989', grok: 'fell in 1991', gemini: 'fell in 1989' }],
  },
  {
    name: 'date in different formats: first Moon landing',
    answers: answers({
      chatgpt: `Apollo 11 was the first crewed mission to land on the Moon. The lunar module Eagle touched down on July 20, 1969.
Neil Armstrong and Buzz Aldrin walked on the surface while Michael Collins stayed in orbit.`,
      claude: `The first crewed Moon landing was made by Apollo 11. Its lunar module, Eagle, landed on 20 July 1969, and Neil Armstrong became the first person to walk on the Moon.
Michael Collins remained in lunar orbit aboard Columbia.`,
      gemini: `Apollo 11 carried Neil Armstrong, Buzz Aldrin and Michael Collins. The lunar module Eagle landed on 21 July 1969.
Armstrong was the first person to step onto the lunar surface.`,
    }),
    conflicts: [{ chatgpt: 'July 20, 1969', claude: '20 July 1969', gemini: '21 July 1969' }],
  },
  {
    name: 'length with unit conversion: height of Mount Everest',
    answers: answers({
      chatgpt: `Mount Everest is the highest mountain on Earth above sea level. Its summit stands at 8,849 metres, a figure agreed by China and Nepal in 2020.
It lies in the Mahalangur Himal range on the border between Nepal and Tibet.`,
      grok: `Everest, on the Nepal–Tibet border, is the tallest mountain above sea level. Mount Everest is 29,032 feet high according to the 2020 survey.`,
      gemini: `Mount Everest rises to 8,611 m above sea level, making it the highest peak on Earth. It sits in the Mahalangur Himal on the border of Nepal and Tibet.
Its height was re-measured in 2020.`,
    }),
    conflicts: [{ chatgpt: '8,849 metres', grok: '29,032 feet', gemini: '8,611 m' }],
  },
  {
    name: 'number words against digits: legs of a spider',
    answers: answers({
      chatgpt: `Spiders are arachnids, not insects. A spider has eight legs, while insects have six legs. Most spiders also have eight eyes.`,
      deepseek: `Spiders belong to the class Arachnida. Every spider has 8 legs attached to the cephalothorax, unlike insects, which have six legs.`,
      llama: `Spiders are arachnids. A spider has six legs and a body divided into two parts, the cephalothorax and the abdomen.`,
    }),
    conflicts: [{ chatgpt: 'eight legs', deepseek: '8 legs', llama: 'six legs' }],
  },
  {
    name: 'name in the same slot: capital of Australia',
    answers: answers({
      chatgpt: `The capital of Australia is Canberra. It was purpose-built as a compromise between Sydney and Melbourne and became the seat of government in 1927.`,
      grok: `The capital of Australia is Sydney, which is also its largest and best-known city.`,
      claude: `Australia's capital is Canberra, located in the Australian Capital Territory. Parliament first sat there in 1927.`,
    }),
    conflicts: [{ chatgpt: 'is Canberra', grok: 'is Sydney', claude: 'is Canberra' }],
  },
  {
    name: 'name in the same slot: inventor of the telephone',
    answers: answers({
      chatgpt: `The telephone was invented by Alexander Graham Bell, who was granted the first US patent for it in 1876.`,
      gemini: `The telephone was invented by Thomas Edison in 1876, and it quickly spread to homes and offices.`,
    }),
    conflicts: [{ chatgpt: 'Alexander Graham Bell', gemini: 'Thomas Edison' }],
  },
  {
    name: 'polarity: Great Wall seen from space',
    answers: answers({
      chatgpt: `The Great Wall of China is not visible from space with the naked eye. It is very long but only a few metres wide, about the same colour as the land around it.`,
      grok: `The Great Wall of China is visible from space with the naked eye, and astronauts have often remarked on it.`,
      perplexity: `Despite the popular story, the Great Wall of China is not visible from space with the naked eye; astronauts such as Yang Liwei have said they could not see it.`,
    }),
    conflicts: [
      { chatgpt: 'not visible from space', grok: 'is visible from space', perplexity: 'not visible from space' },
    ],
  },
  {
    name: 'yes or no: lightning striking twice',
    answers: answers({
      chatgpt: `Yes. Lightning can strike the same place twice, and tall structures are struck again and again. The Empire State Building is hit about 20 times a year.`,
      llama: `No, lightning never strikes the same place twice, because the charge there has already been spent.`,
    }),
    conflicts: [{ chatgpt: 'Lightning can strike the same place twice', llama: 'never strikes the same place twice' }],
  },
  {
    name: 'temperature with conversion: boiling point of water',
    answers: answers({
      chatgpt: `At sea level, pure water boils at 100 °C. At higher altitudes the air pressure is lower, so it boils at a lower temperature.`,
      claude: `Water boils at 212 °F at standard sea-level pressure; at altitude the boiling point drops.`,
      grok: `At sea level water boils at 90 degrees Celsius. In the mountains it boils at a lower temperature because the pressure is lower.`,
    }),
    conflicts: [{ chatgpt: '100 °C', claude: '212 °F', grok: '90 degrees Celsius' }],
  },
  {
    name: 'percentage: water on the surface of the Earth',
    answers: answers({
      chatgpt: `About 71% of the Earth's surface is covered by water, and the oceans hold about 96.5 percent of all Earth's water.`,
      gemini: `Roughly 61 percent of the Earth's surface is covered by water. Most of it is salt water in the oceans.`,
    }),
    conflicts: [{ chatgpt: '71%', gemini: '61 percent' }],
  },
  {
    name: 'ordinal: position of Mars',
    answers: answers({
      chatgpt: `Mars is the fourth planet from the Sun. It has two small moons, Phobos and Deimos, and its red colour comes from iron oxide.`,
      deepseek: `Mars is the fifth planet from the Sun. Its reddish appearance is caused by iron oxide, and it has two moons, Phobos and Deimos.`,
    }),
    conflicts: [{ chatgpt: 'fourth planet', deepseek: 'fifth planet' }],
  },
  {
    name: 'money: price of the Louisiana Purchase',
    answers: answers({
      chatgpt: `In 1803 the United States bought the Louisiana territory from France. The Louisiana Purchase cost $15 million, roughly doubling the size of the country.`,
      claude: `The Louisiana Purchase of 1803 cost 15 million dollars. Thomas Jefferson's government bought the land from Napoleon's France.`,
      gemini: `The Louisiana Purchase cost $50 million when the United States bought it from France in 1803.`,
    }),
    conflicts: [{ chatgpt: '$15 million', claude: '15 million dollars', gemini: '$50 million' }],
  },
  {
    name: 'speed with conversion: speed of light',
    answers: answers({
      chatgpt: `Light travels through a vacuum at 299,792 km per second. Nothing with mass can reach that speed.`,
      claude: `In a vacuum, light moves at about 186,282 miles per second, the universal speed limit.`,
      grok: `The speed of light in a vacuum is 150,000 km/s, which no object with mass can reach.`,
    }),
    conflicts: [{ chatgpt: '299,792 km', claude: '186,282 miles', grok: '150,000 km/s' }],
  },
  {
    name: 'two conflicts in one answer: the Eiffel Tower',
    answers: answers({
      chatgpt: `## The Eiffel Tower
The Eiffel Tower stands 330 metres tall, including its antennas.
It was completed in 1889 for the Exposition Universelle, the world's fair held in Paris.
Gustave Eiffel's company designed and built it.`,
      gemini: `- **Height:** the Eiffel Tower stands 300 metres tall.
- **Completed:** it was completed in 1887 for the world's fair in Paris.
- **Builder:** the company of Gustave Eiffel.`,
    }),
    conflicts: [
      { chatgpt: '330 metres', gemini: '300 metres' },
      { chatgpt: 'completed in 1889', gemini: 'completed in 1887' },
    ],
  },
  {
    name: 'distance with conversion: the Moon',
    answers: answers({
      chatgpt: `The Moon orbits the Earth at an average distance of 384,400 km. Light takes about 1.3 seconds to cover it.`,
      perplexity: `On average the Moon is 238,855 miles from the Earth.`,
      llama: `The Moon orbits the Earth at an average distance of 484,400 km, and it always shows the same face to us.`,
    }),
    conflicts: [{ chatgpt: '384,400 km', perplexity: '238,855 miles', llama: '484,400 km' }],
  },
  {
    name: 'duration: the Hundred Years War',
    answers: answers({
      claude: `Despite its name, the Hundred Years' War lasted 116 years, from 1337 to 1453, with long truces between the fighting.`,
      grok: `The Hundred Years' War lasted 100 years, from 1337 to 1453, and ended with the English expelled from most of France.`,
    }),
    conflicts: [{ claude: 'lasted 116 years', grok: 'lasted 100 years' }],
  },
  {
    name: 'count in a longer answer: bones of the adult human body',
    answers: answers({
      chatgpt: `### The human skeleton
An adult human skeleton has 206 bones. Babies are born with around 300 bones, many of which fuse as they grow.
The femur is the longest bone in the body, and the stapes in the middle ear is the smallest.`,
      grok: `Babies start life with roughly 300 bones, but many fuse during childhood. The adult human skeleton has 212 bones.
The longest is the femur; the smallest is the stapes, in the ear.`,
      claude: `The femur, in the thigh, is the longest bone and the stapes the smallest. An adult skeleton has 206 bones, down from about 300 at birth.`,
    }),
    conflicts: [{ chatgpt: '206 bones', grok: '212 bones', claude: '206 bones' }],
  },
];
