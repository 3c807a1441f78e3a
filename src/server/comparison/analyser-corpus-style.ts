// Style-only sets: the same facts reordered, reworded, as bullets or prose, with markdown, longer or
// shorter, with synonyms and other units. None of them contains a factual conflict.

import { answers, type LabelledSet } from './analyser-corpus';

export const styleSets: LabelledSet[] = [
  {
    name: 'Mount Everest: prose against a markdown list, metres against feet',
    answers: answers({
      chatgpt: `Mount Everest is the highest mountain on Earth, with its summit 8,849 metres above sea level. It lies in the Mahalangur Himal, on the border between Nepal and Tibet.
Edmund Hillary and Tenzing Norgay were the first to reach the summit, on 29 May 1953. Today hundreds of climbers attempt it each spring.`,
      claude: `## Mount Everest

**Height:** 29,032 ft (8,849 m)

- **Location:** Mahalangur Himal, on the Nepal–Tibet border
- **First ascent:** 29 May 1953, by *Sir Edmund Hillary* and *Tenzing Norgay*
- It is the tallest peak on the planet.`,
      gemini: `The first ascent of Everest was made on May 29, 1953 by Tenzing Norgay and Edmund Hillary. The mountain, which straddles the border of Nepal and Tibet, rises to 8.849 km, higher than any other peak in the world.`,
    }),
    conflicts: [],
  },
  {
    name: 'Berlin Wall: short against long, different dates formats',
    answers: answers({
      chatgpt: `The Berlin Wall fell on 9 November 1989. It had been built in 1961 by East Germany and divided the city for 28 years.`,
      grok: `East Germany began building the Berlin Wall in August 1961 to stop its citizens from fleeing to West Berlin.
The wall ran for about 155 km around West Berlin, and at least 140 people were killed trying to cross it.
In June 1987 Ronald Reagan urged Mikhail Gorbachev to "tear down this wall".
On the night of November 9, 1989, after Günter Schabowski mistakenly announced that the borders were open, crowds streamed through the checkpoints, and the wall fell.
Germany was reunified on 3 October 1990.`,
      gemini: `- **Built:** 1961, by the German Democratic Republic
- **Length:** roughly 96 miles around West Berlin
- **Fell:** 1989-11-09
- **Reunification:** 3 October 1990`,
    }),
    conflicts: [],
  },
  {
    name: 'Boiling water: Celsius against Fahrenheit, reordered',
    answers: answers({
      chatgpt: `Pure water boils at 100 °C (212 °F) at sea level. Higher up, the air pressure is lower, so water boils at a lower temperature: on the summit of Everest it boils at around 70 °C.
That is why cooking pasta takes longer in the mountains.`,
      claude: `Because air pressure falls with altitude, water boils at lower temperatures the higher you go, which is why food takes longer to cook in the mountains. At sea level, the boiling point is 212 degrees Fahrenheit, or 100 degrees Celsius. Near the top of Mount Everest it is only about 71 °C.`,
    }),
    conflicts: [],
  },
  {
    name: 'Python: code block, versions and names',
    answers: answers({
      chatgpt: `Python is a high-level programming language created by Guido van Rossum. It was first released in 1991, and Python 3.0 followed in 2008.

\`\`\`python
for i in range(10):
    print(i * 1024, "items")
\`\`\`

Its design emphasises readability, and it is widely used for data science and web development.`,
      deepseek: `**Python** was designed by *Guido van Rossum* and first released in **1991**. The major revision, Python 3.0, came out in 2008 and was not backward compatible with Python 2.
Today the language is popular in data science, automation and web development because its code is easy to read.`,
      llama: `Guido van Rossum created Python, releasing it in 1991. Python 3 arrived in 2008. It is known for readable code.`,
    }),
    conflicts: [],
  },
  {
    name: 'Tomatoes: negation phrased three ways',
    answers: answers({
      chatgpt: `Botanically, a tomato is a fruit, not a vegetable, because it develops from the flower's ovary and contains seeds. In cooking, however, tomatoes are usually treated as vegetables.`,
      claude: `It's a myth that tomatoes are vegetables in the botanical sense: they are fruits, since they grow from the ovary of a flower and carry seeds. Cooks and grocers nonetheless treat them as vegetables.`,
      gemini: `Tomatoes are fruits in the botanical sense. They are not vegetables botanically, even though they are generally cooked and sold as vegetables. In 1893 the US Supreme Court ruled in Nix v. Hedden that tomatoes should be taxed as vegetables.`,
    }),
    conflicts: [],
  },
  {
    name: 'Great Wall: not visible, said differently',
    answers: answers({
      chatgpt: `No. The Great Wall of China is not visible from space with the naked eye. Although it is more than 21,000 km long, it is only a few metres wide and blends into the landscape.`,
      perplexity: `**No** — you cannot see the Great Wall of China from space with the naked eye. The wall, about 21,196 km long in total, is narrow and roughly the same colour as the terrain around it [1][2].`,
      grok: `It's a common misconception that the Great Wall can be seen from space. Astronauts, including China's Yang Liwei, have said they could not see it. The wall is long, around 13,171 miles, but narrow.`,
    }),
    conflicts: [],
  },
  {
    name: 'Human skeleton: counts as words, ranges and hedges',
    answers: answers({
      chatgpt: `An adult human skeleton has 206 bones. Newborn babies have around 300, because several bones fuse during childhood. The femur is the longest bone and the stapes, in the middle ear, is the smallest.`,
      claude: `- Adults: **206 bones**
- Newborns: roughly 270 to 300 bones, which fuse as the child grows
- Longest: the femur (thigh bone)
- Smallest: the stapes, one of the three tiny bones of the middle ear`,
      gemini: `The smallest bone in the human body is the stapes, and the longest is the femur. A baby is born with about 300 bones; by adulthood fusion brings the total down to two hundred and six.`,
    }),
    conflicts: [],
  },
  {
    name: 'Caffeine: units and synonyms',
    answers: answers({
      chatgpt: `For most healthy adults, up to 400 mg of caffeine a day is considered safe. An 8-ounce cup of brewed coffee contains about 95 mg, so that is roughly four cups.`,
      claude: `Health authorities such as the FDA say that healthy adults can usually consume 400 milligrams of caffeine per day without harm, which is about four cups of brewed coffee at around 95 milligrams each. Pregnant women are advised to stay below 200 mg.`,
    }),
    conflicts: [],
  },
  {
    name: 'Eiffel Tower: feet against metres, list against prose',
    answers: answers({
      chatgpt: `The Eiffel Tower is 330 metres tall, including its antennas. It was completed in 1889 for the Exposition Universelle in Paris and was designed by the engineering company of Gustave Eiffel. It was the tallest man-made structure in the world until 1930.`,
      gemini: `### Eiffel Tower at a glance
1. **Height:** 1,083 feet, antennas included
2. **Completed:** 1889, for the World's Fair (Exposition Universelle)
3. **Built by:** Gustave Eiffel's company
4. It held the title of the world's tallest structure for 41 years, until the Chrysler Building overtook it in 1930.`,
    }),
    conflicts: [],
  },
  {
    name: 'Speed of light: exact against rounded figures',
    answers: answers({
      chatgpt: `The speed of light in a vacuum is exactly 299,792,458 metres per second. In everyday terms that is about 300,000 km per second, or roughly 186,000 miles per second.`,
      claude: `Light travels at 299,792 km/s in a vacuum. Sunlight takes about 8 minutes and 20 seconds to reach the Earth.`,
      grok: `Roughly 186,282 miles per second: that is how fast light moves through empty space. It takes light a little over 8 minutes to travel from the Sun to the Earth.`,
    }),
    conflicts: [],
  },
  {
    name: 'Photosynthesis: no numbers, prose against bullets',
    answers: answers({
      chatgpt: `Photosynthesis is the process by which plants, algae and some bacteria turn light energy into chemical energy. Using chlorophyll, they take in carbon dioxide and water and produce glucose, releasing oxygen as a by-product. It takes place mainly in the chloroplasts of leaf cells.`,
      gemini: `**Photosynthesis in short**
- Happens in the chloroplasts, mostly in leaves
- Inputs: sunlight, water and carbon dioxide
- Outputs: glucose (chemical energy) and oxygen
- Chlorophyll absorbs the light
It is carried out by plants, algae and certain bacteria.`,
      llama: `Plants make their own food through photosynthesis: chlorophyll in the chloroplasts captures sunlight, which powers the conversion of water and carbon dioxide into glucose. Oxygen is given off in the process.`,
    }),
    conflicts: [],
  },
  {
    name: 'Lightning: yes in three forms',
    answers: answers({
      chatgpt: `Yes, lightning can strike the same place twice. Tall structures are hit repeatedly: the Empire State Building is struck about 20 to 25 times a year.`,
      claude: `Yes. The saying that lightning never strikes the same place twice is a myth. Tall, isolated objects are struck again and again; the Empire State Building, for example, takes around 23 strikes a year.`,
      gemini: `The short answer is yes: lightning often hits the same spot more than once, especially tall buildings such as the Empire State Building.`,
    }),
    conflicts: [],
  },
  {
    name: 'Everest, different details: base camp against the death zone',
    answers: answers({
      chatgpt: `Mount Everest is 8,849 m tall. The base camp on the Nepali side sits at about 5,364 m, and climbers spend weeks there getting used to the thin air.
Edmund Hillary and Tenzing Norgay reached the top in 1953.`,
      grok: `At 8,849 metres, Everest is the world's highest mountain. Above roughly 8,000 m climbers enter the so-called death zone, where there is too little oxygen to survive for long.
The first ascent came in 1953. George Mallory had vanished near the top in 1924.`,
    }),
    conflicts: [],
  },
  {
    name: 'Apollo 11, different details: landing, first step, launch and splashdown',
    answers: answers({
      chatgpt: `Apollo 11's lunar module landed on 20 July 1969. Neil Armstrong first stepped onto the surface a few hours later, on 21 July by UTC, followed by Buzz Aldrin.
The astronauts collected about 21.5 kg of lunar samples.`,
      claude: `On July 20, 1969, the Apollo 11 lunar module touched down in the Sea of Tranquility. The mission had launched from Kennedy Space Center on July 16, and the crew splashed down in the Pacific on July 24.
Michael Collins stayed in orbit aboard the command module.`,
    }),
    conflicts: [],
  },
  {
    name: 'Python, different details: release years of different versions',
    answers: answers({
      chatgpt: `Python was first released by Guido van Rossum in 1991. Python 2.0 followed in 2000, adding list comprehensions and garbage collection, and Python 3.0 arrived in 2008.`,
      deepseek: `Guido van Rossum released Python in 1991. Python 3.0 came out in 2008, and support for Python 2 officially ended in 2020. Version 3.12 was released in 2023.`,
    }),
    conflicts: [],
  },
  {
    name: 'Eiffel Tower, different details: counts of different things',
    answers: answers({
      chatgpt: `The Eiffel Tower is 330 m tall and was completed in 1889. It took two years, two months and five days to build, and today it receives about 7 million visitors a year.`,
      gemini: `Completed in 1889, the 330-metre Eiffel Tower is made of 18,038 iron parts held together by 2.5 million rivets. It is repainted every 7 years, using about 60 tonnes of paint.`,
    }),
    conflicts: [],
  },
  {
    name: 'Water in the body, different details: percentages of different organs',
    answers: answers({
      chatgpt: `The adult human body is about 60% water. The brain and heart are composed of about 73% water, and the lungs are about 83% water.`,
      claude: `Around 60 percent of an adult's body weight is water. Blood plasma is about 90 percent water, while bones are about 31 percent water.`,
    }),
    conflicts: [],
  },
  {
    name: 'Second World War, different details: the end in Europe and in the Pacific',
    answers: answers({
      chatgpt: `The Second World War began on 1 September 1939, when Germany invaded Poland. It ended on 2 September 1945, when Japan formally surrendered aboard USS Missouri.`,
      gemini: `World War II lasted from 1939 to 1945. It started with the German invasion of Poland on September 1, 1939. In Europe the war ended when Germany surrendered on 8 May 1945.`,
    }),
    conflicts: [],
  },
];
