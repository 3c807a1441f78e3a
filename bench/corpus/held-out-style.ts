// Style-only cases of the held-out comparison corpus (see ./held-out-corpus.ts). In every case the three
// answers state the same facts and differ only in length, layout, rounding, date format, units, number
// words, order, hedges and extra true details that the other answers omit; so any disagreement an
// analyser reports on one of these cases is a false alarm. Written without reading the analyser or its
// own corpus, so that it measures rather than confirms.

import { answersOf, type HeldOutCase } from './held-out-corpus';

export const heldOutStyleCases: HeldOutCase[] = [
  {
    name: 'Apollo 11 landing and crew (long, table, three date formats)',
    question: 'When did Apollo 11 land on the Moon, and who was on the crew?',
    answers: answersOf({
      chatgpt: `# Apollo 11: the first crewed Moon landing

## When it landed
Apollo 11's lunar module, **Eagle**, touched down in the **Sea of Tranquility** (Mare Tranquillitatis) on **20 July 1969** at 20:17 UTC. Shortly afterwards Neil Armstrong radioed: "Houston, Tranquility Base here. The Eagle has landed."

## The crew
| Astronaut | Role | Where he was during the landing |
|---|---|---|
| Neil Armstrong | Commander | On the surface, in Eagle |
| Edwin "Buzz" Aldrin | Lunar Module Pilot | On the surface, in Eagle |
| Michael Collins | Command Module Pilot | In lunar orbit, aboard Columbia |

Armstrong was the first person to step onto the Moon, at 02:56 UTC on 21 July (still the evening of 20 July in the United States), and Aldrin followed him about 19 minutes later. Collins never landed: he orbited alone in the command module **Columbia**, waiting to dock with Eagle for the journey home.

## Mission timeline
1. **Launch:** 16 July 1969, on a Saturn V rocket from Kennedy Space Center, Florida.
2. **Lunar orbit insertion:** 19 July 1969.
3. **Landing:** 20 July 1969.
4. **Moonwalk:** about 2 hours 31 minutes outside the lunar module.
5. **Lift-off from the Moon:** 21 July 1969, after 21 hours 36 minutes on the surface.
6. **Splashdown:** 24 July 1969, in the Pacific Ocean.

## What they did on the surface
- Planted a US flag and left a plaque reading "We came in peace for all mankind".
- Set up experiments, including a seismometer and a laser retroreflector that is still used to measure the distance between the Earth and the Moon.
- Collected **21.5 kg (47.5 lb)** of lunar rock and soil.

As he stepped off the ladder, Armstrong said: "That's one small step for [a] man, one giant leap for mankind."

## Why it mattered
The landing met the goal President John F. Kennedy had set before Congress on 25 May 1961: landing a man on the Moon and returning him safely to the Earth before the end of the decade. An estimated 600 million people watched the television coverage.`,
      grok: 'Apollo 11 landed on July 20, 1969, in the Sea of Tranquility. Crew: Neil Armstrong (commander), Buzz Aldrin (lunar module pilot) and Michael Collins (command module pilot, who stayed in orbit).',
      claude:
        'Apollo 11 touched down on the Moon on 1969-07-20 (20:17 UTC). Neil Armstrong and Buzz Aldrin flew the lunar module Eagle down to the surface, where they stayed for roughly 21.5 hours and spent about two and a half hours walking outside; Michael Collins remained in lunar orbit aboard the command module Columbia. Armstrong was first out of the hatch, with Aldrin joining him shortly after. The crew brought back about 47.5 pounds of samples and splashed down safely in the Pacific four days after the landing.',
    }),
    conflicts: [],
  },
  {
    name: 'Boiling point of water (Celsius, Fahrenheit, kelvin)',
    question: 'What is the boiling point of water?',
    answers: answersOf({
      gemini: '100 °C (212 °F) at sea level, that is, at standard atmospheric pressure.',
      deepseek: `**Boiling point of water:** 373.15 K at standard atmospheric pressure (101.325 kPa, or 1 atm).

That is the same temperature as 100 degrees Celsius or 212 degrees Fahrenheit.

What changes it:
- **Altitude and pressure:** lower air pressure lowers the boiling point. In Denver, about 1,600 m above sea level, water boils at roughly 95 °C.
- **Dissolved substances:** salt raises the boiling point slightly, but the amount used in cooking changes it by only a fraction of a degree.`,
      perplexity:
        'Water boils at 212 °F (100 °C) under one standard atmosphere of pressure. At higher elevations the boiling point drops, by roughly 1 °C for every 300 m of altitude, which is why cooking takes longer in the mountains. [1][2]',
    }),
    conflicts: [],
  },
  {
    name: 'Marathon distance (kilometres, miles, yards)',
    question: 'How long is a marathon?',
    answers: answersOf({
      llama: '42.195 km.',
      chatgpt:
        'A marathon is **26.2 miles**, exactly 26 miles 385 yards. That odd distance dates from the **1908 London Olympics**, whose course ran from Windsor Castle to the finish in front of the royal box at the White City stadium. The IAAF (now World Athletics) adopted it as the standard marathon distance in 1921.',
      gemini:
        'The official marathon distance is 42.195 kilometres (about 26.2 miles). A half marathon is exactly half of that: 21.0975 km, or roughly 13.1 miles.',
    }),
    conflicts: [],
  },
  {
    name: 'Distance to the Moon (rounded, exact, miles)',
    question: 'How far away is the Moon?',
    answers: answersOf({
      claude: 'On average, roughly 384,000 km.',
      gemini: `## Average distance
The Moon orbits Earth at an average distance of **384,400 km**.

## How it varies
Because the orbit is an ellipse, the distance changes over the month:

| Point in orbit | Distance |
|---|---|
| Perigee (closest) | about 363,300 km |
| Apogee (farthest) | about 405,500 km |

## Fun facts
- Light covers the distance in about 1.3 seconds.
- The Moon is slowly drifting away from Earth, by about 3.8 cm per year.`,
      grok: 'About 238,900 miles on average, roughly 30 Earth diameters. It swings between about 225,700 miles at its closest and about 252,000 miles at its farthest.',
    }),
    conflicts: [],
  },
  {
    name: 'World population and the 8 billion milestone (date formats)',
    question: 'How many people live on Earth?',
    answers: answersOf({
      deepseek: 'About 8.2 billion. The UN marked the world passing 8 billion people on 15 November 2022.',
      perplexity: `The world population is roughly **8.2 billion**, according to the UN's World Population Prospects.

- The UN designated **November 15, 2022** as the "Day of Eight Billion".
- **India** overtook **China** as the most populous country in 2023; each has more than 1.4 billion people.
- The UN projects that the global population will peak at about **10.3 billion** in the mid-2080s. [1][2]`,
      chatgpt:
        'Around 8.2 billion people. According to the United Nations, humanity reached 8 billion on 2022-11-15, eleven years after reaching 7 billion on 2011-10-31. Growth is slowing, though: the world population now grows by less than 1% a year.',
    }),
    conflicts: [],
  },
  {
    name: 'Marie Curie’s Nobel Prizes (nationality adjective vs country, number word)',
    question: 'Which Nobel Prizes did Marie Curie win?',
    answers: answersOf({
      gemini:
        'Two: the 1903 Nobel Prize in Physics (shared with Pierre Curie and Henri Becquerel) and the 1911 Nobel Prize in Chemistry.',
      claude: `Marie Curie, the Polish-born French physicist and chemist, won **two** Nobel Prizes:

1. **Physics, 1903**: shared with her husband Pierre Curie and with Henri Becquerel, for their research on radiation phenomena (radioactivity).
2. **Chemistry, 1911**: awarded to her alone, for the discovery of the elements polonium and radium and the isolation of radium.

She was the first woman to win a Nobel Prize, and she remains the only person to have won Nobel Prizes in two different sciences. Her daughter Irène Joliot-Curie later shared the 1935 Nobel Prize in Chemistry with Frédéric Joliot.`,
      llama:
        'Marie Curie, a scientist from Poland who became a French citizen, won the Nobel Prize twice: in Physics in 1903 and in Chemistry in 1911. Born in Warsaw on November 7, 1867, she did her prize-winning work in Paris and died on July 4, 1934.',
    }),
    conflicts: [],
  },
  {
    name: 'Fresh water on Earth (two-thirds vs 68.7%, table)',
    question: "How much of Earth's water is fresh water, and where is it?",
    answers: answersOf({
      perplexity:
        "Only about 2.5% of Earth's water is fresh; roughly two-thirds of that is frozen in glaciers and ice caps, and most of the rest is groundwater. [1]",
      chatgpt: `### Salt vs fresh
- **Salt water:** about 97.5% of all water on Earth (the oceans alone hold 96.5%).
- **Fresh water:** about 2.5%.

### Where the fresh water is
| Store | Share of fresh water |
|---|---|
| Ice caps, glaciers and permanent snow | 68.7% |
| Groundwater | 30.1% |
| Surface and other fresh water | 1.2% |

All the surface and other fresh water (lakes, rivers, swamps, soil moisture, permafrost and water in the air) comes to only 1.2% of fresh water, roughly 0.03% of all the water on Earth.`,
      grok: "Nearly 69% of Earth's fresh water is locked up in ice caps and glaciers and about 30% is underground. Fresh water itself is just 2.5% of the total; the other 97.5% is salty, almost all of it in the oceans.",
    }),
    conflicts: [],
  },
  {
    name: 'Mount Everest height and first ascent (long, metres vs feet)',
    question: 'How tall is Mount Everest and who climbed it first?',
    answers: answersOf({
      deepseek: '8,848.86 m (29,031.7 ft). First climbed on 29 May 1953 by Edmund Hillary and Tenzing Norgay.',
      gemini: `# Mount Everest

## Height
Mount Everest rises **8,849 metres (29,032 feet)** above sea level, the highest point on Earth. The precise figure, **8,848.86 m**, was announced jointly by **Nepal and China on 8 December 2020** after surveys by both countries. The earlier official figure, 8,848 m, came from a 1955 survey by the Survey of India.

## Location
- **Range:** Mahalangur Himal, part of the Himalayas
- **Border:** between Nepal and the Tibet Autonomous Region of China
- **Local names:** Sagarmatha (Nepali) and Chomolungma (Tibetan)
- **English name:** after Sir George Everest, a former Surveyor General of India; adopted in 1865

## First ascent
On **29 May 1953**, **Edmund Hillary**, the New Zealand beekeeper and mountaineer, and **Tenzing Norgay**, a Sherpa mountaineer, reached the summit at about 11:30 in the morning. They were members of a British expedition led by **John Hunt**. The news reached London on 2 June 1953, the morning of Queen Elizabeth II's coronation.

| Detail | Value |
|---|---|
| Summit date | 29 May 1953 |
| Climbers | Edmund Hillary and Tenzing Norgay |
| Route | South Col and Southeast Ridge, from Nepal |
| Expedition leader | John Hunt |

## Since then
Thousands of people have now stood on the summit. Most ascents happen in the short spring weather window in May, and the 1953 route over the South Col is still the most popular way up. Reinhold Messner and Peter Habeler made the first ascent without supplementary oxygen on 8 May 1978.

## Why the height keeps being re-measured
- **Snow and ice:** the 2020 figure is the height of the snow on the summit, not of the rock beneath it.
- **Plate tectonics:** the Indian plate is still pushing under the Eurasian plate, so the Himalayas are still rising by a few millimetres a year.
- **Earthquakes:** scientists wanted to know whether the 2015 earthquake in Nepal had changed the height, one of the reasons for the new survey.`,
      chatgpt:
        'Mount Everest stands **29,032 ft** tall (8,848.86 m, per the 2020 China–Nepal survey). It was first summited on May 29, 1953, by Edmund Hillary, a climber from New Zealand, and the Sherpa Tenzing Norgay, both members of a British expedition.',
    }),
    conflicts: [],
  },
  {
    name: 'Speed of light (m/s, km/s, miles per second, km/h)',
    question: 'How fast does light travel?',
    answers: answersOf({
      grok: '299,792,458 m/s in a vacuum, about 300,000 km/s.',
      llama:
        'Light travels at roughly 186,000 miles per second (more precisely 186,282 mi/s) in a vacuum. The value is exact by definition: since 1983 the metre has been defined as the distance light travels in 1/299,792,458 of a second. Sunlight takes about 8 minutes 20 seconds to reach Earth.',
      claude:
        "In a vacuum, light moves at c = 299,792.458 km/s, which works out to roughly 1.08 billion km/h, or about 671 million mph. It's slower in materials: in water, with a refractive index of about 1.33, light travels at roughly 225,000 km/s. Light from the Sun reaches us in about 8.3 minutes.",
    }),
    conflicts: [],
  },
  {
    name: 'Berlin Wall built and fallen (long, year range vs endpoints)',
    question: 'When was the Berlin Wall built and when did it fall?',
    answers: answersOf({
      chatgpt:
        'Construction began on 13 August 1961, and the Wall fell on 9 November 1989, when East Germany opened its border crossings. It stood for 28 years.',
      deepseek: `## Overview
The Berlin Wall was a guarded concrete barrier built by the **German Democratic Republic (East Germany)** to cut **West Berlin** off from East Berlin and the surrounding East German territory. It stood from **August 13, 1961**, until **November 9, 1989**.

## Why it was built
Millions of East Germans had fled to the West since 1949, many of them through Berlin. To stop this exodus, East German troops and police sealed the sector border overnight on 12–13 August 1961, first with barbed wire and then with concrete.

## The Wall in numbers
| Fact | Figure |
|---|---|
| Total length around West Berlin | about 155 km (96 miles) |
| Section between East and West Berlin | about 43 km (27 miles) |
| Years standing | 28 |
| People killed at the Wall | at least 140 |

## How it fell
1. Mass protests grew in East Germany through the autumn of 1989, and neighbouring Hungary had already opened its border with Austria.
2. On the evening of **November 9, 1989**, Politburo spokesman **Günter Schabowski** announced new travel rules at a press conference and, asked when they took effect, said "immediately".
3. Crowds gathered at the checkpoints; the guards at Bornholmer Straße opened the gates first, and Berliners began chipping pieces off the Wall that night.
4. Official demolition began in June 1990.

## Famous moments
- **June 26, 1963:** John F. Kennedy told West Berliners "Ich bin ein Berliner".
- **June 12, 1987:** Ronald Reagan, speaking at the Brandenburg Gate, called out "Mr. Gorbachev, tear down this wall!"
- **Checkpoint Charlie**, on Friedrichstraße, was the best-known crossing point for foreigners and Allied personnel.

## Aftermath
Germany was formally reunified on **October 3, 1990**, less than a year after the Wall opened. Parts of it survive today, most notably the East Side Gallery and the Berlin Wall Memorial on Bernauer Straße.`,
      perplexity:
        'The Berlin Wall (1961–1989) divided the city for 28 years. East Germany began building it in August 1961 and opened it in November 1989; Germany reunified in October 1990. [1][3]',
    }),
    conflicts: [],
  },
  {
    name: 'WHO weekly exercise guidance (minutes vs hours, fractions)',
    question: 'How much exercise should adults get each week?',
    answers: answersOf({
      claude:
        'The WHO recommends at least 150–300 minutes of moderate-intensity aerobic activity a week, or 75–150 minutes of vigorous activity, plus muscle-strengthening exercise on two or more days.',
      gemini:
        "Aim for **2.5 to 5 hours** of moderate activity such as brisk walking each week (for example about 30 minutes on five days), or **1¼ to 2½ hours** of vigorous activity like running. Add strength training at least twice a week. These are the World Health Organization's 2020 guidelines for adults aged 18–64, and going beyond 5 hours of moderate activity brings additional health benefits.",
      chatgpt: `According to the **World Health Organization** (2020 guidelines), adults should get:

- **Moderate aerobic activity:** 150–300 minutes per week, **or**
- **Vigorous aerobic activity:** 75–150 minutes per week, or an equivalent mix of the two
- **Muscle-strengthening:** 2 or more days per week, working all major muscle groups

For adults aged 65 and older, the WHO adds varied activity that emphasises balance and strength on 3 or more days a week, to help prevent falls. Any activity is better than none, and time spent sitting should be limited.`,
    }),
    conflicts: [],
  },
  {
    name: 'Discovery of penicillin (Scottish vs from Scotland, extra details)',
    question: 'Who discovered penicillin and when?',
    answers: answersOf({
      llama: "Alexander Fleming discovered penicillin in 1928 at St Mary's Hospital in London.",
      chatgpt: `**Alexander Fleming**, the Scottish bacteriologist, discovered penicillin in **September 1928** at St Mary's Hospital, London. Back from a holiday, he noticed that a *Penicillium* mould contaminating one of his culture plates had killed the *Staphylococcus* bacteria around it. He published his findings in 1929.

Fleming could not purify the substance in useful quantities. That was achieved about a decade later at Oxford by **Howard Florey** and **Ernst Chain**, whose team turned penicillin into a practical drug in the early 1940s. Fleming, Florey and Chain shared the **1945 Nobel Prize in Physiology or Medicine**.`,
      deepseek: `Penicillin was discovered in 1928 by Alexander Fleming, a scientist from Scotland working in London.

Key facts:
- **Nobel Prize:** 1945, shared with Howard Florey and Ernst Chain, who developed it into a usable medicine at the University of Oxford.
- **Mass production:** scaled up in the United States during World War II; by the D-Day landings in 1944 there was enough to treat Allied casualties.`,
    }),
    conflicts: [],
  },
  {
    name: 'Introduction of the euro (long, list, table, eleven vs 11)',
    question: 'When was the euro introduced?',
    answers: answersOf({
      gemini:
        'The euro was introduced on 1 January 1999 as an electronic currency; euro notes and coins went into circulation on 1 January 2002.',
      claude: `The euro arrived in two stages.

## Stage 1: January 1, 1999, a currency without cash
On **January 1, 1999**, the euro became the official currency of **11** EU member states. The exchange rates between their national currencies and the euro were fixed irrevocably, and the euro was used for non-cash payments, accounting and the financial markets, while the old notes and coins stayed in people's pockets.

The eleven founding members were:
- Austria
- Belgium
- Finland
- France
- Germany
- Ireland
- Italy
- Luxembourg
- the Netherlands
- Portugal
- Spain

Greece joined on January 1, 2001, bringing the number to 12.

## Stage 2: January 1, 2002, notes and coins
Euro banknotes and coins entered circulation on **January 1, 2002** in those 12 countries. Within two months the old national currencies had stopped being legal tender.

## Some of the fixed conversion rates
| Former currency | Units per euro |
|---|---|
| Deutsche Mark | 1.95583 |
| French franc | 6.55957 |
| Italian lira | 1,936.27 |
| Spanish peseta | 166.386 |
| Dutch guilder | 2.20371 |

## Background
- The euro's legal basis is the **Maastricht Treaty**, signed on February 7, 1992.
- The name "euro" was chosen in **December 1995** at the European Council in Madrid.
- Monetary policy is set by the **European Central Bank** in Frankfurt, established on June 1, 1998, when it took over from the European Monetary Institute.
- Every euro coin has a common side and a national side; the banknotes show imaginary windows, gateways and bridges rather than real buildings, so that no single country is favoured.

More EU countries have joined since then; Croatia, for example, adopted the euro on January 1, 2023. Not every member has to join: Denmark negotiated an opt-out in the Maastricht Treaty, and so did the United Kingdom before it left the EU. The currency's ISO code is EUR and its symbol is €.`,
      grok: 'Euro cash (banknotes and coins) first appeared on 2002-01-01, but the currency itself had launched three years earlier, on 1999-01-01, in eleven countries, as a unit for electronic payments and accounting.',
    }),
    conflicts: [],
  },
  {
    name: 'The original iPhone (long, table, prices and dates)',
    question: 'When did the first iPhone come out and how much did it cost?',
    answers: answersOf({
      llama:
        'The first iPhone was announced on January 9, 2007, and went on sale in the US on June 29, 2007, at $499 (4 GB) or $599 (8 GB).',
      grok: `# The original iPhone (2007)

## Announcement
Steve Jobs unveiled the iPhone on **9 January 2007** at the Macworld Conference & Expo in San Francisco, presenting it as three products in one: "a widescreen iPod with touch controls, a revolutionary mobile phone, and a breakthrough Internet communications device."

## Launch
It went on sale in the United States on **29 June 2007**, sold through Apple and AT&T, the exclusive US carrier; buyers had to sign a two-year AT&T contract.

| Model | Storage | Launch price |
|---|---|---|
| iPhone | 4 GB | $499 |
| iPhone | 8 GB | $599 |

## Key specifications
- **Display:** 3.5-inch multi-touch screen, 320 × 480 pixels
- **Camera:** 2 megapixels, no video recording
- **Network:** GSM with EDGE, no 3G
- **Software:** Apple's own operating system (later named iPhone OS), with Safari, Mail, Maps, YouTube and visual voicemail
- **Battery:** up to 8 hours of talk time
- **Design:** aluminium back with a black plastic strip at the bottom for the antennas
- **Missing:** no App Store, no copy and paste, no MMS

## After launch
- On **5 September 2007** Apple cut the 8 GB model's price to $399 and dropped the 4 GB model.
- Apple sold its one millionth iPhone 74 days after launch.
- It reached Europe in November 2007: the UK and Germany on 9 November, and France on 29 November.
- Third-party apps arrived with the **App Store** on 10 July 2008, a day before the iPhone 3G went on sale.

## Reception
Long queues formed outside Apple and AT&T stores on launch day, and Apple said it sold about 270,000 iPhones in the first 30 hours. Time magazine named it the Invention of the Year for 2007.

The original iPhone is widely credited with setting the template for the modern touchscreen smartphone.`,
      perplexity:
        "Apple's first iPhone was announced by Steve Jobs at Macworld on 2007-01-09 and released in the United States on 2007-06-29. It had a 3.5-inch touchscreen, a 2-megapixel camera and EDGE (2G) data, and cost $499 for the 4 GB model or $599 for the 8 GB model with a two-year AT&T contract. [1][2]",
    }),
    conflicts: [],
  },
  {
    name: 'Inventor of the World Wide Web (British vs from England, hedge)',
    question: 'Who invented the World Wide Web?',
    answers: answersOf({
      deepseek:
        'Tim Berners-Lee, the British computer scientist, invented the World Wide Web at CERN; he proposed it in March 1989.',
      gemini: `The World Wide Web was invented by **Sir Tim Berners-Lee**, a computer scientist from England (born in London in 1955), while he was working at **CERN**, the European particle physics laboratory near Geneva.

- **March 1989:** he wrote his proposal, "Information Management: A Proposal".
- **By the end of 1990:** he had written the first web server, the first browser (called WorldWideWeb) and the first web pages, defining HTML, HTTP and URLs along the way.
- **30 April 1993:** CERN put the web software in the public domain, which helped the web spread rapidly.

Note that the web is not the same thing as the internet: the internet is the underlying network, which existed for years before; the web is a system of linked pages that runs on top of it.`,
      chatgpt:
        'Tim Berners-Lee invented the Web in 1989 while working at CERN, later joined by the Belgian engineer Robert Cailliau. He went on to found the World Wide Web Consortium (W3C) at MIT in 1994, was knighted in 2004, and received the 2016 Turing Award.',
    }),
    conflicts: [],
  },
  {
    name: 'Mona Lisa painter and location (Italian vs from Italy, cm vs inches)',
    question: 'Who painted the Mona Lisa and where is it?',
    answers: answersOf({
      perplexity: 'Leonardo da Vinci painted the Mona Lisa, begun around 1503. It hangs in the Louvre in Paris. [1]',
      grok: `**Artist:** Leonardo da Vinci, the Italian Renaissance painter
**Painted:** c. 1503–1519
**Medium:** oil on a poplar wood panel
**Size:** 77 cm × 53 cm
**Where:** Musée du Louvre, Paris

The sitter is widely believed to be Lisa Gherardini, wife of the Florentine merchant Francesco del Giocondo, hence the painting's other names, La Gioconda and La Joconde.`,
      claude:
        "The Mona Lisa is by Leonardo da Vinci, an artist from Italy, who began it in Florence around 1503 and kept working on it until late in his life (he died in 1519). It's surprisingly small, about 30 by 21 inches. It has been in the Louvre in Paris for most of the time since the French Revolution; it was famously stolen on 21 August 1911 by Vincenzo Peruggia and recovered in Florence in 1913.",
    }),
    conflicts: [],
  },
  {
    name: 'Premiere of Beethoven’s Ninth (German vs born in Bonn, three date formats)',
    question: "When was Beethoven's Ninth Symphony first performed?",
    answers: answersOf({
      chatgpt: 'It premiered on 7 May 1824 at the Theater am Kärntnertor in Vienna.',
      llama:
        "Beethoven's Symphony No. 9 in D minor, Op. 125, was first performed in Vienna on May 7, 1824. The German composer, by then almost completely deaf, stood on stage beside the conductor, Michael Umlauf, to indicate the tempos; according to a famous account, one of the soloists had to turn him around so that he could see the audience applauding.",
      gemini: `### Premiere
- **Date:** 1824-05-07
- **Place:** Theater am Kärntnertor, Vienna
- **Conductor:** Michael Umlauf, with Beethoven on stage

### About the work
Beethoven, a composer born in Bonn, Germany, wrote the symphony's finale as a setting of Friedrich Schiller's poem "An die Freude" ("Ode to Joy") for four vocal soloists and chorus, one of the first times a major composer had used voices in a symphony. The Ode to Joy melody was adopted as the anthem of the Council of Europe in 1972 and later by the European Union.`,
    }),
    conflicts: [],
  },
  {
    name: 'Largest country by area (km² vs square miles, table)',
    question: 'What is the largest country in the world by area?',
    answers: answersOf({
      grok: 'Russia, at about 17.1 million km².',
      perplexity:
        "**Russia** is the largest country by area, covering about **6.6 million square miles**. That is roughly 11% of the world's land area, and the country spans 11 time zones. Canada is second, at about 3.85 million square miles. [1][2]",
      deepseek: `| Rank | Country | Area |
|---|---|---|
| 1 | Russia | 17,098,246 km² |
| 2 | Canada | 9,984,670 km² |

Russia is the largest country in the world, about 1.7 times the size of Canada, and it stretches across both Europe and Asia. Roughly three-quarters of its territory lies in Asia (Siberia and the Far East), though most Russians live in the European part.`,
    }),
    conflicts: [],
  },
  {
    name: '2022 World Cup final (long, goals table, 3–3 vs 3-3)',
    question: 'Who won the 2022 World Cup final?',
    answers: answersOf({
      gemini:
        'Argentina won. The final on 18 December 2022 ended 3–3 after extra time, and Argentina beat France 4–2 on penalties.',
      chatgpt: `# 2022 FIFA World Cup final: Argentina vs France

**Result:** Argentina 3–3 France after extra time; **Argentina won 4–2 on penalties**.
**Date:** December 18, 2022
**Venue:** Lusail Stadium, Lusail, Qatar
**Attendance:** 88,966
**Referee:** Szymon Marciniak (Poland)

## Goals
| Minute | Team | Scorer |
|---|---|---|
| 23' | Argentina | Lionel Messi (penalty) |
| 36' | Argentina | Ángel Di María |
| 80' | France | Kylian Mbappé (penalty) |
| 81' | France | Kylian Mbappé |
| 108' | Argentina | Lionel Messi |
| 118' | France | Kylian Mbappé (penalty) |

## How it unfolded
1. Argentina dominated the first half and led **2–0** at half-time, Di María's goal finishing a sweeping counter-attack.
2. Mbappé scored twice in 97 seconds late in normal time to make it **2–2**.
3. Messi put Argentina ahead again in extra time, but Mbappé completed his **hat-trick** from the penalty spot, the first hat-trick in a World Cup final since Geoff Hurst's for England in 1966.
4. In the shootout, goalkeeper **Emiliano Martínez** saved from Kingsley Coman, Aurélien Tchouaméni shot wide, and **Gonzalo Montiel** scored the winning penalty.

## Road to the final
- Argentina lost their opening group match 2–1 to Saudi Arabia, then did not lose again, beating Croatia 3–0 in the semi-final.
- France, the defending champions from 2018, beat Morocco 2–0 in their semi-final.

## Why it mattered
- It was Argentina's **third** World Cup, after 1978 and 1986.
- Messi, who scored 7 goals in the tournament, won the **Golden Ball** as its best player; the final was his 26th World Cup match, a record.
- Mbappé won the **Golden Boot** with 8 goals.
- Martínez won the **Golden Glove**, and Enzo Fernández was named Best Young Player.

Many pundits rank it among the greatest World Cup finals ever played.`,
      deepseek:
        'Argentina are the 2022 world champions. In the final at Lusail Stadium in Qatar on 2022-12-18 the score was 3-3 after 120 minutes (Lionel Messi scored twice and Ángel Di María once for Argentina, Kylian Mbappé three times for France), and Argentina then won the penalty shootout 4-2. It was their third title, 36 years after their second in 1986.',
    }),
    conflicts: [],
  },
  {
    name: 'Wall Street Crash of 1929 (long, a quarter vs 25%, caveats)',
    question: 'How bad was the 1929 stock market crash?',
    answers: answersOf({
      llama:
        'Very bad: the Dow Jones fell about 89% from its September 1929 peak to its July 1932 low, and it did not regain that peak until 1954.',
      perplexity: `The **Wall Street Crash of 1929** was the most devastating stock market collapse in US history, and it helped set off the **Great Depression**.

### The crash itself
| Day | Date | What happened |
|---|---|---|
| Black Thursday | October 24, 1929 | Panic selling; a record of nearly 13 million shares traded |
| Black Monday | October 28, 1929 | The Dow Jones Industrial Average fell 12.8% |
| Black Tuesday | October 29, 1929 | The Dow fell another 11.7%; about 16 million shares traded |

Over those two days alone the Dow lost nearly a quarter of its value. [1][2]

### The long slide
- The Dow had peaked at **381.17** on **September 3, 1929**.
- It bottomed at **41.22** on **July 8, 1932**, a fall of about **89%**.
- It did not close above its 1929 peak again until **November 23, 1954**, 25 years later. [3]

### The wider damage
- **Unemployment** peaked at about **25%** in 1933, roughly one worker in four.
- Around **9,000 banks** failed between 1930 and 1933.
- Real GDP fell by about a quarter between 1929 and 1933.

### Why it happened
- **Speculation:** share prices had soared through the late 1920s, far ahead of company earnings.
- **Buying on margin:** many investors bought shares with borrowed money, so falling prices forced them to sell.
- **Tighter money:** the Federal Reserve had raised interest rates in 1928 and 1929.

### What changed afterwards
- The Banking Act of 1933 (Glass–Steagall) separated commercial and investment banking and created the FDIC to insure deposits.
- The Securities Exchange Act of 1934 created the SEC to regulate the stock markets.

### Caveats
Most economists agree that the crash alone did not cause the Great Depression: bank failures, the contraction of the money supply, the collapse of world trade and the gold standard all played major roles. [4]`,
      claude:
        'The crash began on Black Thursday, 24 October 1929, and the panic peaked on 28 and 29 October, when the Dow dropped nearly 13% and then almost 12%. Stocks kept sliding for almost three years: by July 1932 the Dow had lost roughly 89% of its value. In the Great Depression that followed, about a quarter of the US workforce was out of work by 1933.',
    }),
    conflicts: [],
  },
];
