Y dijo Dios: Haya expansión en medio de las aguas, y separe las aguas de las aguas.
Y respondióle Jehová: Cierto que cualquiera que matare á Caín, siete veces será castigado. Entonces Jehová puso señal en Caín, para que no lo hiriese cualquiera que le hallara.
Una ventana harás al arca, y la acabarás á un codo de elevación por la parte de arriba: y pondrás la puerta del arca á su lado; y le harás piso bajo, segundo y tercero.
Entonces salió Noé, y sus hijos, y su mujer, y las mujeres de sus hijos con él.
Y Arphaxad engendró á Sala, y Sala engendró á Heber.
Que éstos hicieron guerra contra Bera, rey de Sodoma, y contra Birsha, rey de Gomorra, y contra Shinab, rey de Adma, y contra Shemeber, rey de Zeboim, y contra el rey de Bela, la cual es Zoar.
Entonces llamó el nombre de Jehová que con ella hablaba: Tú eres el Dios de la vista; porque dijo: ¿No he visto también aquí al que me ve?
La cual le parió á Zimram, y á Joksan, y á Medan, y á Midiam, y á Ishbak, y á Sua.
Y todos los pozos que habían abierto los criados de Abraham su padre en sus días, los Filisteos los habían cegado y llenado de tierra.
Y los pastores de Gerar riñeron con los pastores de Isaac, diciendo: El agua es nuestra: por eso llamó el nombre del pozo Esek, porque habían altercado con él.
Y entregó los guisados y el pan que había aderezado, en mano de Jacob su hijo.
Y será tu simiente como el polvo de la tierra, y te extenderás al occidente, y al oriente, y al aquilón, y al mediodía; y todas las familias de la tierra serán benditas en ti y en tu simiente.
Y viendo Lea que había dejado de parir, tomó á Zilpa su sierva, y dióla á Jacob por mujer.
Ven pues ahora, y hagamos alianza yo y tú; y sea en testimonio entre mí y entre ti.
Y erigió allí un altar, y llamóle: El Dios de Israel.
Y partieron de Beth-el, y había aún como media legua de tierra para llegar á Ephrata, cuando parió Rachêl, y hubo trabajo en su parto.
Y los hijos de Zilpa, sierva de Lea: Gad, y Aser. Estos fueron los hijos de Jacob, que le nacieron en Padan-aram.
Disón, Ezer, y Disán: estos son los duques de los Horeos, hijos de Seir en la tierra de Edom.
Y murió Jobab, y en su lugar reinó Husam, de tierra de Temán.
Y hallólo un hombre, andando él perdido por el campo, y preguntóle aquel hombre, diciendo: ¿Qué buscas?
Y asiólo ella por su ropa, diciendo: Duerme conmigo. Entonces dejóla él su ropa en las manos, y huyó, y salióse fuera.
Y díjole José: Esta es su declaración: Los tres sarmientos son tres días:
Y levantarse han tras ellos siete años de hambre; y toda la hartura será olvidada en la tierra de Egipto; y el hambre consumirá la tierra;
Y dijo Faraón á sus siervos: ¿Hemos de hallar otro hombre como éste, en quien haya espíritu de Dios?
Y habitarás en la tierra de Gosén, y estarás cerca de mí, tú y tus hijos, y los hijos de tus hijos, tus ganados y tus vacas, y todo lo que tienes.
Solamente la tierra de los sacerdotes no compró, por cuanto los sacerdotes tenían ración de Faraón, y ellos comían su ración que Faraón les daba: por eso no vendieron su tierra.
Vinieron, pues, Moisés y Aarón á Faraón, é hicieron como Jehová lo había mandado: y echó Aarón su vara delante de Faraón y de sus siervos, y tornóse culebra.
Ve por la mañana á Faraón, he aquí que él sale á las aguas; y tú ponte á la orilla del río delante de él, y toma en tu mano la vara que se volvió culebra,
Y los encantadores de Egipto hicieron lo mismo con sus encantamientos: y el corazón de Faraón se endureció, y no los escuchó; como Jehová lo había dicho.
Porque si no lo quieres dejar ir, y los detuvieres aún,
Y él les dijo: Así sea Jehová con vosotros como yo os dejaré ir á vosotros y á vuestros niños: mirad como el mal está delante de vuestro rostro.
Siete días comerás por leudar, y el séptimo día será fiesta á Jehová.
Mas hizo Dios al pueblo que rodease por el camino del desierto del mar Bermejo. Y subieron los hijos de Israel de Egipto armados.
Y sabrán los Egipcios que yo soy Jehová, cuando me glorificaré en Faraón, en sus carros, y en su gente de á caballo.
Entonces el suegro de Moisés le dijo: No haces bien:
Mas el que no armó asechanzas, sino que Dios lo puso en sus manos, entonces yo te señalaré lugar al cual ha de huir.
Mas si hubiere muerte, entonces pagarás vida por vida,
Y si sacare el diente de su siervo, ó el diente de su sierva, por su diente le dejará ir libre.
Cuando rompiere un fuego, y hallare espinas, y fuere quemado montón, ó haza, ó campo, el que encendió el fuego pagará lo quemado.
Conforme á todo lo que yo te mostrare, el diseño del tabernáculo, y el diseño de todos sus vasos, así lo haréis.
Hizo asimismo sus siete candilejas, y sus despabiladeras, y sus platillos, de oro puro;
Y á la parte del aquilón cortinas de cien codos: sus columnas veinte, con sus veinte basas de metal; los capiteles de las columnas y sus molduras, de plata.
Y engastaron en él cuatro órdenes de piedras. El primer orden era un sardio, un topacio, y un carbunclo: este el primer orden.
Asimismo la mitra de lino fino, y los adornos de los chapeos (tiaras) de lino fino, y los pañetes de lino, de lino torcido;
Y colocó el altar del holocausto á la puerta del tabernáculo, del tabernáculo del testimonio; y ofreció sobre él holocausto y presente; como Jehová había mandado á Moisés.
Finalmente erigió el atrio en derredor del tabernáculo y del altar, y puso la cortina de la puerta del atrio. Y así acabó Moisés la obra.
Asimismo todo presente que se cociere en horno, y todo el que fuere aderezado en sartén, ó en cazuela, será del sacerdote que lo ofreciere.
Y dijo Moisés á Aarón: Llégate al altar, y haz tu expiación, y tu holocausto, y haz la reconciliación por ti y por el pueblo: haz también la ofrenda del pueblo, y haz la reconciliación por ellos; como ha mandado Jehová.
Todo el tiempo que la llaga estuviere en él, será inmundo; estará impuro: habitará solo; fuera del real será su morada.
Y será, que al séptimo día raerá todos sus pelos, su cabeza, y su barba, y las cejas de sus ojos; finalmente, raerá todo su pelo, y lavará sus vestidos, y lavará su carne en aguas, y será limpio.
Y aquel macho cabrío llevará sobre sí todas las iniquidades de ellos á tierra inhabitada: y dejará ir el macho cabrío por el desierto.
La desnudez de tu hermana, hija de tu padre, ó hija de tu madre, nacida en casa ó nacida fuera, su desnudez no descubrirás.
Y con el carnero de la expiación lo reconciliará el sacerdote delante de Jehová, por su pecado que cometió: y se le perdonará su pecado que ha cometido.
Ciego, ó perniquebrado, ó mutilado, ó verrugoso, ó sarnoso, ó roñoso, no ofreceréis éstos á Jehová, ni de ellos pondréis ofrenda encendida sobre el altar de Jehová.
Y su presente será dos décimas de flor de harina amasada con aceite, ofrenda encendida á Jehová en olor suavísimo; y su libación de vino, la cuarta parte de un hin.
Hasta el siguiente día del sábado séptimo contaréis cincuenta días; entonces ofreceréis nuevo presente á Jehová.
Y el sacerdote los mecerá en ofrenda agitada delante de Jehová, con el pan de las primicias, y los dos corderos: serán cosa sagrada de Jehová para el sacerdote.
Un mismo derecho tendréis: como el extranjero, así será el natural: porque yo soy Jehová vuestro Dios.
Estos eran los nombrados de la congregación, príncipes de las tribus de sus padres, capitanes de los millares de Israel.
Y habló Jehová á Moisés, diciendo:
Y los contados de ellos conforme á la cuenta de todos los varones de un mes arriba, fueron seis mil y doscientos.
Todos los contados de los Levitas, que Moisés y Aarón y los jefes de Israel contaron por sus familias, y por las casas de sus padres,
Así hombres como mujeres echaréis, fuera del campo los echaréis; porque no contaminen el campo de aquellos entre los cuales yo habito.
Y ofrecerá el carnero en sacrificio de paces á Jehová, con el canastillo de las cenceñas; ofrecerá asimismo el sacerdote su presente, y sus libaciones.
Las doce cucharas de oro llenas de perfume, de diez siclos cada cuchara, al siclo del santuario: todo el oro de las cucharas, ciento y veinte siclos.
Y habló Jehová á Moisés, diciendo:
El décimocuarto día de este mes, entre las dos tardes, la haréis á su tiempo: conforme á todos sus ritos, y conforme á todas sus leyes la haréis.
Y cuando tocareis alarma la segunda vez, entonces moverán el campo de los que están alojados al mediodía: alarma tocarán á sus partidas.
Todo natural hará estas cosas así, para ofrecer ofrenda encendida de olor suave á Jehová.
Y será perdonado á toda la congregación de los hijos de Israel, y al extranjero que peregrina entre ellos, por cuanto es yerro de todo el pueblo.
Entonces lo sacó la congregación fuera del campo, y apedreáronlo con piedras, y murió; como Jehová mandó á Moisés.
Y poned fuego en ellos, y poned en ellos sahumerio delante de Jehová mañana; y será que el varón á quien Jehová escogiere, aquél será el santo: básteos esto, hijos de Leví.
Este se purificará al tercer día con aquesta agua, y al séptimo día será limpio; y si al tercer día no se purificare, no será limpio al séptimo día.
Y clamamos á Jehová, el cual oyó nuestra voz, y envió ángel, y sacónos de Egipto; y he aquí estamos en Cades, ciudad al extremo de tus confines:
Y dijo Balac á Balaam: Ruégote que vengas, te llevaré á otro lugar; por ventura parecerá bien á Dios que desde allí me lo maldigas.
Y de la mitad perteneciente á los hijos de Israel tomarás uno de cincuenta, de las personas, de los bueyes, de los asnos, y de las ovejas, de todo animal; y los darás á los Levitas, que tienen la guarda del tabernáculo de Jehová.
Que subieron hasta la arroyada de Escol, y después que vieron la tierra, preocuparon el ánimo de los hijos de Israel, para que no viniesen á la tierra que Jehová les había dado.
Si os volviereis de en pos de él, él volverá otra vez á dejaros en el desierto, y destruiréis á todo este pueblo.
Y díjoles Moisés: Si los hijos de Gad y los hijos de Rubén, pasaren con vosotros el Jordán, armados todos de guerra delante de Jehová, luego que el país fuere sojuzgado delante de vosotros, les daréis la tierra de Galaad en posesión:
Y partidos de Ije-abarim, asentaron en Dibon-gad.
Y de las ciudades que daréis á los Levitas, seis ciudades serán de acogimiento, las cuales daréis para que el homicida se acoja allá: y además de éstas daréis cuarenta y dos ciudades.
No tengáis respeto de personas en el juicio: así al pequeño como al grande oiréis: no tendréis temor de ninguno, porque el juicio es de Dios: y la causa que os fuere difícil, la traeréis á mí, y yo la oiré.
Entonces os dije: Llegado habéis al monte del Amorrheo, el cual Jehová nuestro Dios nos da.
Y aun con esto no creisteis en Jehová vuestro Dios,
Y Jehová nuestro Dios entregó también en nuestra mano á Og rey de Basán, y á todo su pueblo, al cual herimos hasta no quedar de él ninguno.
Jair hijo de Manasés tomó toda la tierra de Argob hasta el término de Gessur i y Machâti; y llamóla de su nombre Basán-havoth-jair, hasta hoy.
Y á Machîr dí á Galaad.
Cuando estuviereis en angustia, y te alcanzaren todas estas cosas, si en los postreros días te volvieres á Jehová tu Dios, y oyeres su voz;
¿O ha Dios probado á venir á tomar para sí gente de en medio de otra gente, con pruebas, con señales, con milagros, y con guerra, y mano fuerte, y brazo extendido, y grandes espantos, según todas las cosas que hizo con vosotros Jehová vuestro Dios en Egipto ante tus ojos?
Y también enviará Jehová tu Dios sobre ellos avispas, hasta que perezcan los que quedaren, y los que se hubieren escondido de delante de ti.
Y ellos son tu pueblo y tu heredad, que sacaste con tu gran fortaleza y con tu brazo extendido.
Con setenta almas descendieron tus padres á Egipto; y ahora Jehová te ha hecho como las estrellas del cielo en multitud.
Por tanto, pondréis estas mis palabras en vuestro corazón y en vuestra alma, y las ataréis por señal en vuestra mano, y serán por frontales entre vuestros ojos.
Porque si guardareis cuidadosamente todos estos mandamientos que yo os prescribo, para que los cumpláis; como améis á Jehová vuestro Dios andando en todos sus caminos, y á él os allegareis,
Y allí llevaréis vuestros holocaustos, y vuestros sacrificios, y vuestros diezmos, y la ofrenda elevada de vuestras manos, y vuestros votos, y vuestras ofrendas voluntarias, y los primerizos de vuestras vacas y de vuestras ovejas:
Guárdate que no haya en tu corazón perverso pensamiento, diciendo: Cerca está el año séptimo, el de la remisión; y tu ojo sea maligno sobre tu hermano menesteroso para no darle: que él podrá clamar contra ti á Jehová, y se te imputará á pecado.
Entonces tomarás una lesna, y horadarás su oreja junto á la puerta, y será tu siervo para siempre: así también harás á tu criada.
No comerás con ella leudo; siete días comerás con ella pan por leudar, pan de aflicción, porque apriesa saliste de tierra de Egipto: para que te acuerdes del día en que saliste de la tierra de Egipto todos los días de tu vida.
Y será que, cuando os acercareis para combatir, llegaráse el sacerdote, y hablará al pueblo,
De piedras enteras edificarás el altar de Jehová tu Dios; y ofrecerás sobre él holocausto á Jehová tu Dios;
Y Jehová dijo á Moisés: He aquí tú vas á dormir con tus padres, y este pueblo se levantará y fornicará tras los dioses ajenos de la tierra adonde va, en estando en medio de ella; y me dejará, é invalidará mi pacto que he concertado con él:
Y á Benjamín dijo: El amado de Jehová habitará confiado cerca de él; cubrirálo siempre, y entre sus hombros morará.
Y que salvaréis la vida á mi padre y á mi madre, y á mis hermanos y hermanas, y á todo lo que es suyo; y que libraréis nuestras vidas de la muerte.
Y aconteció, que partiendo el pueblo de sus tiendas para pasar el Jordán, y los sacerdotes delante del pueblo llevando el arca del pacto,
Y zapatos viejos y recosidos en sus pies, con vestidos viejos sobre sí; y todo el pan que traían para el camino, seco y mohoso.
Así vinieron á Josué al campo en Gilgal, y dijéronle á él y á los de Israel: Nosotros venimos de tierra muy lejana: haced pues ahora con nosotros alianza.
Y todas las ciudades de Sehón rey de los Amorrheos, el cual reinó en Hesbón, hasta los términos de los hijos de Ammón;
Y Dilán, y Mizpa, y Jocteel,
Y sale este término á la mar, y á Michmetat al norte, y da vuelta este término hacia el oriente á Tanath-silo, y de aquí pasa del oriente á Janoa:
Entonces Josué respondió á la casa de José, á Ephraim y Manasés, diciendo: Tú eres gran pueblo, y tienes gran fuerza; no tendrás una sola suerte;
Hasar-sual, Bala, y Esem,
Y tornando de Sarid hacia oriente, donde nace el sol al término de Chisiloth-tabor, sale á Dabrath, y sube á Japhia;
El pueblo entonces dijo á Josué: No, antes á Jehová serviremos.
Y después de estas cosas murió Josué, hijo de Nun, siervo de Jehová, siendo de ciento y diez años.
Tampoco Ephraim echó al Cananeo que habitaba en Gezer; antes habitó el Cananeo en medio de ellos en Gezer.
Los montes se derritieron delante de Jehová, aqueste Sinaí, delante de Jehová Dios de Israel.
Vinieron reyes y pelearon: entonces pelearon los reyes de Canaán en Taanac, junto á las aguas de Megiddo, mas no llevaron ganancia alguna de dinero.
Y cuando los hijos de Israel hubieron clamado á Jehová, á causa de los Madianitas,
Y Jehová le dijo: Porque yo seré contigo, y herirás á los Madianitas como á un solo hombre.
Y el ángel de Dios le dijo: Toma la carne, y los panes sin levadura, y ponlo sobre esta peña, y vierte el caldo. Y él lo hizo así.
Y á la mañana, cuando los de la ciudad se levantaron, he aquí que el altar de Baal estaba derribado, y cortado el bosque que junto á él estaba, y sacrificado aquel segundo toro en holocausto sobre el altar edificado.
Y el espíritu de Jehová se envistió en Gedeón, y como éste hubo tocado el cuerno, Abiezer se juntó con él.
LEVANTÁNDOSE pues de mañana Jerobaal, el cual es Gedeón, y todo el pueblo que estaba con él, asentaron el campo junto á la fuente de Harod: y tenía el campo de los Madianitas al norte, de la otra parte del collado de More, en el valle.
Y DESPUÉS de Abimelech levantóse para librar á Israel, Tola hijo de Púa, hijo de Dodo, varón de Issachâr, el cual habitaba en Samir, en el monte de Ephraim.
Y los hijos de Israel clamaron á Jehová, diciendo: Nosotros hemos pecado contra ti; porque hemos dejado á nuestro Dios, y servido á los Baales.
El entonces dijo: Ve. Y dejóla por dos meses. Y ella fué con sus compañeras, y lloró su virginidad por los montes.
Mas volviendo él á su madre los dineros, tomó su madre doscientos siclos de plata, y diólos al fundidor: y él le hizo de ellos una imagen de talla y de fundición, la cual fué puesta en casa de Michâs.
Y al cuarto día, como se levantaron de mañana, levantóse también el Levita para irse, y el padre de la moza dijo á su yerno: Conforta tu corazón con un bocado de pan, y después os iréis.
Entonces subieron todos los hijos de Israel, y todo el pueblo, y vinieron á la casa de Dios; y lloraron, y sentáronse allí delante de Jehová, y ayunaron aquel día hasta la tarde; y sacrificaron holocaustos y pacíficos delante de Jehová.
Y hallaron de los moradores de Jabes-galaad cuatrocientas doncellas que no habían conocido hombre en ayuntamiento de varón, y trajéronlas al campo en Silo, que es en la tierra de Canaán.
Los arcos de los fuertes fueron quebrados, y los flacos se ciñeron de fortaleza.
Y cuando los Filisteos oyeron la voz de júbilo, dijeron: ¿Qué voz de gran júbilo es esta en el campo de los Hebreos? Y supieron que el arca de Jehová había venido al campo.
Conforme á todas las obras que han hecho desde el día que los saqué de Egipto hasta hoy, que me han dejado y han servido á dioses ajenos, así hacen también contigo.
¿Cuánto más si el pueblo hubiera hoy comido del despojo de sus enemigos que halló? ¿no se habría hecho ahora mayor estrago en los Filisteos?
Y dijo Saúl al Cineo: Idos, apartaos, y salid de entre los de Amalec, para que no te destruya juntamente con él: pues que tú hiciste misericordia con todos los hijos de Israel, cuando subían de Egipto. Apartóse pues el Cineo de entre los de Amalec.
Y tomó vivo á Agag rey de Amalec, mas á todo el pueblo mató á filo de espada.
Hizo luego pasar Isaí á Samma. Y él dijo: Tampoco á éste ha elegido Jehová.
Y tomó Isaí un asno cargado de pan, y una vasija de vino y un cabrito, y enviólo á Saúl por mano de David su hijo.
Y como los mensajeros entraron, he aquí la estatua estaba en la cama, y una almohada de pelos de cabra por cabecera.
Y dijo: Ruégote que me dejes ir, porque tenemos sacrificio los de nuestro linaje en la ciudad, y mi hermano mismo me lo ha mandado; por tanto, si he hallado gracia en tus ojos, haré una escapada ahora, y visitaré á mis hermanos. Por esto pues no ha venido á la mesa del rey.
Y dijo á sus criados: Id delante de mí, que yo os seguiré luego. Y nada declaró á su marido Nabal.
Y yo te ruego que perdones á tu sierva esta ofensa; pues Jehová de cierto hará casa firme á mi señor, por cuanto mi señor hace las guerras de Jehová, y mal no se ha hallado en ti en tus días.
Y pasados diez días Jehová hirió á Nabal, y murió.
Ruégote pues, que tú también oigas la voz de tu sierva: pondré yo delante de ti un bocado de pan que comas, para que te corrobores, y vayas tu camino.
Diéronle también un pedazo de masa de higos secos, y dos hilos de pasas. Y luego que comió, volvió en él su espíritu; porque no había comido pan ni bebido agua en tres días y tres noches.
Y dijo David: Yo haré misericordia con Hanún hijo de Naas, como su padre la hizo conmigo. Y envió David sus siervos á consolarlo por su padre. Mas llegados los siervos de David á la tierra de los hijos de Ammón,
Y David dijo al mensajero: Dirás así á Joab: No tengas pesar de esto, que de igual y semejante manera suele consumir la espada: esfuerza la batalla contra la ciudad, hasta que la rindas. Y tú aliéntale.
Entonces dijo Nathán á David: Tú eres aquel hombre. Así ha dicho Jehová, Dios de Israel: Yo te ungí por rey sobre Israel, y te libré de la mano de Saúl;
Y luego que el rey David oyó todo esto, fué muy enojado.
Mas Absalom huyó, y fuése á Talmai hijo de Amiud, rey de Gessur. Y David lloraba por su hijo todos los días.
Y cuando se cortaba el cabello, (lo cual hacía al fin de cada año, pues le causaba molestia, y por eso se lo cortaba), pesaba el cabello de su cabeza doscientos siclos de peso real.
Entonces David dijo á Ittai: Ven pues, y pasa. Y pasó Ittai Getheo, y todos sus hombres, y toda su familia.
Y vino el rey David hasta Bahurim: y he aquí, salía uno de la familia de la casa de Saúl, el cual se llamaba Semei, hijo de Gera; y salía maldiciendo,
Y Absalom y todo el pueblo, los varones de Israel, entraron en Jerusalem, y con él Achitophel.
Miel, manteca, ovejas, y quesos de vacas, para que comiesen; porque dijeron: Aquel pueblo está hambriento, y cansado, y tendrá sed en el desierto.
Y dijo el rey á Semei: No morirás. Y el rey se lo juró.
Entonces Adonía hijo de Haggith se levantó, diciendo: Yo reinaré. E hízose de carros y gente de á caballo, y cincuenta hombres que corriesen delante de él.
Mas ni á mí tu siervo, ni á Sadoc sacerdote, ni á Benaía hijo de Joiada, ni á Salomón tu siervo, ha convidado.
Mas Adonía, temiendo de la presencia de Salomón, levantóse y fuése, y cogió los cornijales del altar.
Yo voy el camino de toda la tierra: esfuérzate, y sé varón.
Los días que reinó David sobre Israel fueron cuarenta años: siete años reinó en Hebrón, y treinta y tres años reinó en Jerusalem.
Y Salomón dijo: Tú hiciste gran misericordia á tu siervo David mi padre, según que él anduvo delante de ti en verdad, en justicia, y con rectitud de corazón para contigo: y tú le has guardado esta tu grande misericordia, que le diste hijo que se sentase en su trono, como sucede en este día.
Y cuando hubo hecho las columnas, hizo también dos órdenes de granadas alrededor en el un enredado, para cubrir los capiteles que estaban en las cabezas de las columnas con las granadas: y de la misma forma hizo en el otro capitel.
Y como los sacerdotes salieron del santuario, la nube hinchió la casa de Jehová.
Oye pues la oración de tu siervo, y de tu pueblo Israel; cuando oraren en este lugar, también tú lo oirás en el lugar de tu habitación, desde los cielos: que oigas y perdones.
Tú oirás en los cielos, en la habitación de tu morada, y harás conforme á todo aquello por lo cual el extranjero hubiere á ti clamado: para que todos los pueblos de la tierra conozcan tu nombre, y te teman, como tu pueblo Israel, y entiendan que tu nombre es invocado sobre esta casa que yo edifiqué.
Y trabando Ahías de la capa nueva que tenía sobre sí, rompióla en doce pedazos,
Ve, y di á Jeroboam: Así dijo Jehová Dios de Israel: Por cuanto yo te levanté de en medio del pueblo, y te hice príncipe sobre mi pueblo Israel,
Y oyendo esto Baasa, dejó de edificar á Rama, y estúvose en Thirsa.
Y Omri durmió con sus padres, y fué sepultado en Samaria; y reinó en lugar suyo Achâb, su hijo.
Y él respondió: Yo soy; ve, di á tu amo: He aquí Elías.
¿No ha sido dicho á mi señor lo que hice, cuando Jezabel mataba á los profetas de Jehová: que escondí cien varones de los profetas de Jehová de cincuenta en cincuenta en cuevas, y los mantuve á pan y agua?
Entonces cayó fuego de Jehová, el cual consumió el holocausto, y la leña, y las piedras, y el polvo, y aun lamió las aguas que estaban en la reguera.
Y ACHAB dió la nueva á Jezabel de todo lo que Elías había hecho, de como había muerto á cuchillo á todos los profetas.
Y dijo Josaphat: ¿Hay aún aquí algún profeta de Jehová, por el cual consultemos?
Y llegáronse á Eliseo los hijos de los profetas que estaban en Jericó, y dijéronle: ¿Sabes cómo Jehová quitará hoy á tu señor de tu cabeza? Y él respondió: Sí, yo lo sé; callad.
Y vinieron cincuenta varones de los hijos de los profetas, y paráronse enfrente á lo lejos: y ellos dos se pararon junto al Jordán.
Y venido Eliseo á la casa, he aquí el niño que estaba tendido muerto sobre su cama.
Volviéndose luego, paseóse por la casa á una parte y á otra, y después subió, y tendióse sobre él; y el joven estornudó siete veces, y abrió sus ojos.
Entonces él lo puso delante de ellos, y comieron, y sobróles, conforme á la palabra de Jehová.
Y entrando Naamán á su señor, declaróselo, diciendo: Así y así ha dicho una muchacha que es de la tierra de Israel.
Y dijéronse el uno al otro: No hacemos bien: hoy es día de buena nueva, y nosotros callamos: y si esperamos hasta la luz de la mañana, nos alcanzará la maldad. Vamos pues ahora, entremos, y demos la nueva en casa del rey.
Tomaron pues dos caballos de un carro, y envió el rey tras el campo de los Siros, diciendo: Id, y ved.
Entonces envió otro de á caballo, el cual llegando á ellos, dijo: El rey dice así: ¿Hay paz? Y Jehú respondió: ¿Qué tienes tú que ver con la paz? vuélvete tras mí.
Y ATHALÍA madre de Ochôzías, viendo que su hijo era muerto, levantóse, y destruyó toda la simiente real.
Y luego que el reino fué confirmado en su mano, hirió á sus siervos, los que habían muerto al rey su padre.
Y tomó todo el oro y la plata, y todos los vasos que fueron hallados en la casa de Jehová, y en los tesoros de la casa del rey, y los hijos en rehenes, y volvióse á Samaria.
En el año treinta y ocho de Azarías rey de Judá, reinó Zachârías hijo de Jeroboam sobre Israel seis meses.
Y Oseas hijo de Ela hizo conjuración contra Peka hijo de Remalías, é hiriólo, y matólo, y reinó en su lugar, á los veinte años de Jotham hijo de Uzzía.
Y atendióle el rey de Asiria; pues subió el rey de Asiria contra Damasco, y tomóla, y trasportó los moradores á Kir, y mató á Resín.
Y el pueblo calló, que no le respondieron palabra: porque había mandamiento del rey, el cual había dicho: No le respondáis.
Entonces Isaías hijo de Amós envió á decir á Ezechîas: Así ha dicho Jehová, Dios de Israel: Lo que me rogaste acerca de Sennachêrib rey de Asiria, he oído.
Los hijos de Phares: Hesrón y Hamul.
Los hijos de Elcana: Amasai, Achîmoth, y Elcana.
Y estas son sus habitaciones, conforme á sus domicilios y sus términos, las de los hijos de Aarón por las familias de los Coathitas, porque de ellos fué la suerte:
Los hijos de Sopha: Sua, Harnapher, Sual, Beri, Imra,
Y Asel tuvo seis hijos, los nombres de los cuales son: Azricam, Bochru, Ismael, Seraía, Obadías, y Hanán: estos fueron los hijos de Asel.
Y luego que le hubieron desnudado, tomaron su cabeza y sus armas, y enviáronlo todo á la tierra de los Filisteos por todas partes, para que fuese denunciado á sus ídolos y al pueblo.
Y decid: Sálvanos, oh Dios, salud nuestra: júntanos, y líbranos de las gentes, para que confesemos tu santo nombre, y nos gloriemos en tus alabanzas.
Fuéronse pues, y dada que fué la nueva á David de aquellos varones, él envió á recibirlos, porque estaban muy afrentados. E hízoles decir el rey: Estaos en Jericó hasta que os crezca la barba, y entonces volveréis.
Y viendo los Siros de Adarezer que habían caído delante de Israel, concertaron paz con David, y fueron sus siervos; y nunca más quiso el Siro ayudar á los hijos de Ammón.
Entonces serás prosperado, si cuidares de poner por obra los estatutos y derechos que Jehová mandó á Moisés para Israel. Esfuérzate pues, y cobra ánimo; no temas, ni desmayes.
Y David los repartió, siendo Sadoc de los hijos de Eleazar, y Ahimelech de los hijos de Ithamar, por sus turnos en su ministerio.
La vigésimacuarta á Romamti-ezer, con sus hijos y sus hermanos, doce.
Y el peso de los clavos tuvo cincuenta siclos de oro. Cubrió también de oro las salas.
Y el rey Salomón, y toda la congregación de Israel que se había á él reunido delante del arca, sacrificaron ovejas y bueyes, que por la multitud no se pudieron contar ni numerar.
Empero tú no edificarás la casa, sino tu hijo que saldrá de tus lomos, él edificará casa á mi nombre.
Mas tú mirarás á la oración de tu siervo, y á su ruego, oh Jehová Dios mío, para oir el clamor y la oración con que tu siervo ora delante de ti.
Tú oirás desde los cielos, desde el lugar de tu habitación, y perdonarás, y darás á cada uno conforme á sus caminos, habiendo conocido su corazón; (porque solo tú conoces el corazón de los hijos de los hombres;)
Y los sacerdotes asistían en su ministerio; y los Levitas con los instrumentos de música de Jehová, los cuales había hecho el rey David para confesar á Jehová, que su misericordia es para siempre; cuando David alababa por mano de ellos. Asimismo los sacerdotes tañían trompetas delante de ellos, y todo Israel estaba en pie.
Al octavo día hicieron convocación, porque habían hecho la dedicación del altar en siete días, y habían celebrado la solemnidad por siete días.
Y el rey Salomón dió á la reina de Seba todo lo que ella quiso y le pidió, más de lo que había traído al rey. Después se volvió y fuése á su tierra con sus siervos.
E hizo Joas lo recto en ojos de Jehová todos los días de Joiada el sacerdote.
E hicieron pregonar en Judá y en Jerusalem, que trajesen á Jehová la ofrenda que Moisés siervo de Dios había impuesto á Israel en el desierto.
Y todos los príncipes y todo el pueblo se holgaron: y traían, y echaban en el arca hasta henchirla.
E hizo lo recto en ojos de Jehová, conforme á todas las cosas que había hecho Uzzías su padre, salvo que no entró en el templo de Jehová. Y el pueblo falseaba aún.
Hicieron después llegar los machos cabríos de la expiación delante del rey y de la multitud, y pusieron sobre ellos sus manos:
A Jehová el Dios de sus padres, aunque no esté purificado según la purificación del santuario.
Y como este edicto fué divulgado, los hijos de Israel dieron muchas primicias de grano, vino, aceite, miel, y de todos los frutos de la tierra: trajeron asimismo los diezmos de todas las cosas en abundancia.
Hasta cien talentos de plata, y hasta cien coros de trigo, y hasta cien batos de vino, y hasta cien batos de aceite; y sal sin tasa.
Y díjeles: Vosotros sois consagrados á Jehová, y santos los vasos; y la plata y el oro ofrenda voluntaria á Jehová, Dios de nuestros padres.
Entonces dije: ¿Un hombre como yo ha de huir? ¿y quién, que como yo fuera, entraría al templo para salvar la vida? No entraré.
Cantores: los hijos de Asaph, ciento cuarenta y ocho.
Mas en teniendo reposo, se volvían á hacer lo malo delante de ti; por lo cual los dejaste en mano de sus enemigos, que se enseñorearon de ellos: pero convertidos clamaban otra vez á ti, y tú desde los cielos los oías, y según tus miseraciones muchas veces los libraste.
Y nuestros reyes, nuestros príncipes, nuestros sacerdotes, y nuestros padres, no pusieron por obra tu ley, ni atendieron á tus mandamientos y á tus testimonios, con que les protestabas.
A causa pues de todo eso nosotros hacemos fiel alianza, y la escribimos, signada de nuestros príncipes, de nuestros Levitas, y de nuestros sacerdotes.
Pelatías, Hanán, Anaías,
Hoseas, Hananías, Asub,
Lod, y Ono, valle de los artífices.
También estaban en ella Tirios que traían pescado y toda mercadería, y vendían en sábado á los hijos de Judá en Jerusalem.
Y el rey amó á Esther sobre todas las mujeres, y halló gracia y benevolencia delante de él más que todas las vírgenes; y puso la corona real en su cabeza, é hízola reina en lugar de Vasthi.
Aun estaban ellos hablando con él, cuando los eunucos del rey llegaron apresurados, para hacer venir á Amán al banquete que Esther había dispuesto.
Porque Mardochêo era grande en la casa del rey, y su fama iba por todas las provincias; pues el varón Mardochêo iba engrandeciéndose.
Diez hijos de Amán hijo de Amadatha, enemigo de los Judíos: mas en la presa no metieron su mano.
Allí los impíos dejan el perturbar, y allí descansan los de cansadas fuerzas.
He aquí, tú enseñabas á muchos, y las manos flacas corroborabas;
Su mies comerán los hambrientos, y sacaránla de entre las espinas, y los sedientos beberán su hacienda.
Y así mi alma tuvo por mejor el ahogamiento, y quiso la muerte más que mis huesos.
Porque no es hombre como yo, para que yo le responda, y vengamos juntamente á juicio.
Mas si vosotros os engrandeciereis contra mí, y adujereis contra mí mi oprobio,
Arruinóme por todos lados, y perezco; y ha hecho pasar mi esperanza como árbol arrancado.
Y RESPONDIÓ Job, y dijo:
Mi justicia tengo asida, y no la cederé: no me reprochará mi corazón en el tiempo de mi vida.
Sea como el impío mi enemigo, y como el inicuo mi adversario.
Brota el torrente de junto al morador, aguas que el pie había olvidado: sécanse luego, vanse del hombre.
Hijos de viles, y hombres sin nombre, más bajos que la misma tierra.
Denegrido ando, y no por el sol: levantádome he en la congregación, y clamado.
Yo pues he esperado, porque no hablaban, antes pararon, y no respondieron más.
Oh Jehová, de mañana oirás mi voz; de mañana me presentaré á ti, y esperaré.
Mi alma asimismo está muy conturbada: y tú, Jehová, ¿hasta cuándo?
Pozo ha cavado, y ahondádolo; y en la fosa que hizo caerá.
El deseo de los humildes oíste, oh Jehová: tú dispones su corazón, y haces atento tu oído;
El temor de Jehová, limpio, que permanece para siempre; los juicios de Jehová son verdad, todos justos.
Vendrán, y anunciarán al pueblo que naciere, su justicia que él hizo.
¿Quién es el hombre que teme á Jehová? El le enseñará el camino que ha de escoger.
Su alma reposará en el bien, y su simiente heredará la tierra.
Integridad y rectitud me guarden; porque en ti he esperado.
Este pobre clamó, y oyóle Jehová, y librólo de todas sus angustias.
Guarda tu lengua de mal, y tus labios de hablar engaño.
Muchos son los males del justo; mas de todos ellos lo librará Jehová.
Cuando cayere, no quedará postrado; porque Jehová sostiene su mano.
Porque mis lomos están llenos de irritación, y no hay sanidad en mi carne.
Mirra, áloe, y casia exhalan todos tus vestidos: en estancias de marfil te han recreado.
E invócame en el día de la angustia: te libraré, y tú me honrarás.
Porque no quieres tú sacrificio, que yo daría; no quieres holocausto.
Desde el cabo de la tierra clamaré á ti, cuando mi corazón desmayare: á la peña más alta que yo me conduzcas.
Mas yo, casi se deslizaron mis pies; por poco resbalaron mis pasos.
Porque he aquí, los que se alejan de ti perecerán: tú cortarás á todo aquel que fornicando, de ti se aparta.
Consideraba los días desde el principio, los años de los siglos.
Delante de sus padres hizo maravillas en la tierra de Egipto, en el campo de Zoán.
Defended al pobre y al huérfano: haced justicia al afligido y al menesteroso.
Yo también le pondré por primogénito, alto sobre los reyes de la tierra.
Embotaste asimismo el filo de su espada, y no lo levantaste en la batalla.
Porque mil años delante de tus ojos, son como el día de ayer, que pasó, y como una de las vigilias de la noche.
Vuélvete, oh Jehová: ¿hasta cuándo? y aplácate para con tus siervos.
Caerán á tu lado mil, y diez mil á tu diestra: mas á ti no llegará.
Cada día me afrentan mis enemigos; los que se enfurecen contra mí, hanse contra mí conjurado.
Envió un varón delante de ellos, á José, que fué vendido por siervo.
Olvidaron al Dios de su salud, que había hecho grandezas en Egipto;
Sean vestidos de ignominia los que me calumnian; y sean cubiertos de su confusión como con manto.
Aleluya. BIENAVENTURADO el hombre que teme á Jehová, y en sus mandamientos se deleita en gran manera.
Te ofreceré sacrificio de alabanza, é invocaré el nombre de Jehová.
Afligido estoy en gran manera: oh Jehová, vivifícame conforme á tu palabra.
Tu justicia es justicia eterna, y tu ley la verdad.
Nuestra alma escapó cual ave del lazo de los cazadores: quebróse el lazo, y escapamos nosotros.
Este es mi reposo para siempre: aquí habitaré, porque la he deseado.
Así que ¡cuán preciosos me son, oh Dios, tus pensamientos! ¡cuán multiplicadas son sus cuentas!
Al Músico principal: Salmo de David. LÍBRAME, oh Jehová, de hombre malo: guárdame de hombre violento;
La hermosura de la gloria de tu magnificencia, y tus hechos maravillosos, hablaré.
No se aparten de tus ojos; guárdalas en medio de tu corazón.
Enlazado eres con las palabras de tu boca, y preso con las razones de tu boca.
Todas ellas son rectas al que entiende, y razonables á los que han hallado sabiduría.
El que recoge en el estío es hombre entendido: el que duerme en el tiempo de la siega es hombre afrentoso.
Las riquezas de los sabios son su corona: mas es infatuación la insensatez de los necios.
En el temor de Jehová está la fuerte confianza; y esperanza tendrán sus hijos.
El corazón del justo piensa para responder: mas la boca de los impíos derrama malas cosas.
En la alegría del rostro del rey está la vida; y su benevolencia es como nube de lluvia tardía.
El camino de los rectos es apartarse del mal: su alma guarda el que guarda su camino.
Inclina tu oído, y oye las palabras de los sabios, y pon tu corazón á mi sabiduría:
¿Hallaste la miel? come lo que te basta; no sea que te hartes de ella, y la vomites.
Tres cosas hay de hermoso andar, y la cuarta pasea muy bien:
Abre tu boca por el mudo, en el juicio de todos los hijos de muerte.
Donde los sueños son en multitud, también lo son las vanidades y muchas las palabras; mas tú teme á Dios.
Bien que el pecador haga mal cien veces, y le sea dilatado el castigo, con todo yo también sé que los que á Dios temen tendrán bien, los que temieren ante su presencia;
El corazón del sabio está á su mano derecha; mas el corazón del necio á su mano izquierda.
Alégrate, mancebo, en tu mocedad, y tome placer tu corazón en los días de tu juventud; y anda en los caminos de tu corazón, y en la vista de tus ojos: mas sabe, que sobre todas estas cosas te traerá Dios á juicio.
Ahora, hijo mío, á más de esto, sé avisado. No hay fin de hacer muchos libros; y el mucho estudio aflicción es de la carne.
Las vigas de nuestra casa son de cedro, y de ciprés los artesonados.
Mi amado habló, y me dijo: Levántate, oh amiga mía, hermosa mía, y vente.
Como panal de miel destilan tus labios, oh esposa; miel y leche hay debajo de tu lengua; y el olor de tus vestidos como el olor del Líbano.
Yo soy de mi amado, y mi amado es mío: él apacienta entre los lirios.
¡Y tu estatura es semejante á la palma, y tus pechos á los racimos!
Si no quisiereis y fuereis rebeldes, seréis consumidos á espada: porque la boca de Jehová lo ha dicho.
Y pondréles mozos por príncipes, y muchachos serán sus señores.
Y ECHARÁN mano de un hombre siete mujeres en aquel tiempo, diciendo: Nosotras comeremos de nuestro pan, y nos vestiremos de nuestras ropas; solamente sea llamado tu nombre sobre nosotras, quita nuestro oprobio.
¡A la ley y al testimonio! Si no dijeren conforme á esto, es porque no les ha amanecido.
Mandaréle contra una gente fementida, y sobre el pueblo de mi ira le enviaré, para que quite despojos, y arrebate presa, y que lo ponga á ser hollado como lodo de las calles.
Porque Jehová de los ejércitos los bendecirá, diciendo: Bendito el pueblo mío Egipto, y el Asirio obra de mis manos, é Israel mi heredad.
Y he aquí gozo y alegría, matando vacas y degollando ovejas, comer carne y beber vino, diciendo: Comamos y bebamos, que mañana moriremos.
De lo postrero de la tierra oímos salmos: Gloria al justo. Y yo dije: ¡Mi flaqueza, mi flaqueza, ay de mí! Prevaricadores han prevaricado; y han prevaricado con prevaricación de desleales.
Después que hubiere igualado su superficie, ¿no derramará la neguilla, sembrará el comino, pondrá el trigo por su orden, y la cebada en su señal, y la avena en su término?
No verás á aquel pueblo espantable, pueblo de lengua oscura de entender, de lengua tartamuda que no comprendas.
Digo, alegas tú, (empero palabras vanas) que tengo consejo y fortaleza para la guerra. Ahora bien, ¿en quién confías que te rebelas contra mí?
Hasta que yo venga y os lleve á una tierra como la vuestra, tierra de grano y de vino, tierra de pan y de viñas.
Y esto te será señal de parte de Jehová, que Jehová hará esto que ha dicho:
Acuérdate de estas cosas, oh Jacob, é Israel, pues que tú mi siervo eres: Yo te formé; siervo mío eres tú: Israel, no me olvides.
Nuestro Redentor, Jehová de los ejércitos es su nombre, el Santo de Israel.
Y dijo: Poco es que tú me seas siervo para levantar las tribus de Jacob, y para que restaures los asolamientos de Israel: también te dí por luz de las gentes, para que seas mi salud hasta lo postrero de la tierra.
Porque así dice Jehová: De balde fuisteis vendidos; por tanto, sin dinero seréis rescatados.
Empero él rociará muchas gentes: los reyes cerrarán sobre él sus bocas; porque verán lo que nunca les fué contado, y entenderán lo que jamás habían oído.
Por tanto yo le daré parte con los grandes, y con los fuertes repartirá despojos; por cuanto derramó su vida hasta la muerte, y fué contado con los perversos, habiendo él llevado el pecado de muchos, y orado por los transgresores.
En la multitud de tus caminos te cansaste, mas no dijiste: No hay remedio; hallaste la vida de tu mano, por tanto no te arrepentiste.
Y la verdad fué detenida; y el que se apartó del mal, fué puesto en presa: y viólo Jehová, y desagradó en sus ojos, porque pereció el derecho.
Y andarán las gentes á tu luz, y los reyes al resplandor de tu nacimiento.
Y mamarás la leche de las gentes, el pecho de los reyes mamarás; y conocerás que yo Jehová soy el Salvador tuyo, y Redentor tuyo, el Fuerte de Jacob.
Y serás corona de gloria en la mano de Jehová, y diadema de reino en la mano del Dios tuyo.
Empero vosotros los que dejáis á Jehová, que olvidáis el monte de mi santidad, que ponéis mesa para la Fortuna, y suministráis libaciones para el Destino;
En aquel tiempo se dirá de este pueblo y de Jerusalem: Viento seco de las alturas del desierto vino á la hija de mi pueblo, no para aventar, ni para limpiar.
Quebrantado estoy por el quebrantamiento de la hija de mi pueblo; entenebrecido estoy, espanto me ha arrebatado.
Así pues ha dicho Jehová de los ejércitos: He aquí que yo los visito; los mancebos morirán á cuchillo; sus hijos y sus hijas morirán de hambre;
Y fué á mí segunda vez palabra de Jehová, diciendo:
Y enviaré sobre ellos cuatro géneros, dice Jehová: cuchillo para matar, y perros para despedazar, y aves del cielo y bestias de la tierra, para devorar y para disipar.
¡Ay de mí, madre mía, que me has engendrado hombre de contienda y hombre de discordia á toda la tierra! Nunca les dí á logro, ni lo tomé de ellos; y todos me maldicen.
Así ha dicho Jehová Dios de Israel: He aquí yo vuelvo las armas de guerra que están en vuestras manos, y con que vosotros peleáis con el rey de Babilonia; y los Caldeos que os tienen cercados fuera de la muralla, yo los juntaré en medio de esta ciudad.
¿Ocultaráse alguno, dice Jehová, en escondrijos que yo no lo vea? ¿No hincho yo, dice Jehová, el cielo y la tierra?
Por tanto, he aquí yo contra los profetas, dice Jehová, que hurtan mis palabras cada uno de su más cercano.
Quizá oirán, y se tornarán cada uno de su mal camino; y arrepentiréme yo del mal que pienso hacerles por la maldad de sus obras.
Y les mandarás que digan á sus señores: Así ha dicho Jehová de los ejércitos, Dios de Israel: Así habéis de decir á vuestros señores:
Yo hice la tierra, el hombre y las bestias que están sobre la haz de la tierra, con mi grande potencia y con mi brazo extendido, y díla á quien me plugo.
Por tanto, así ha dicho Jehová: He aquí que yo te envío de sobre la haz de la tierra: morirás en este año, porque hablaste rebelión contra Jehová.
Y me seréis por pueblo, y yo seré vuestro Dios.
Porque así ha dicho Jehová: Regocijaos en Jacob con alegría, y dad voces de júbilo á la cabeza de gentes; haced oir, alabad, y decid: Oh Jehová, salva tu pueblo, el resto de Israel.
Y alegraréme con ellos haciéndoles bien, y los plantaré en esta tierra en verdad, de todo mi corazón y de toda mi alma.
Y fué que, como Jehudí hubo leído tres ó cuatro planas, rasgólo con un cuchillo de escribanía, y echólo en el fuego que había en el brasero, hasta que todo el rollo se consumió sobre el fuego que en el brasero había.
Fuése entonces Jeremías á Gedalías hijo de Ahicam, á Mizpa, y moró con él en medio del pueblo que había quedado en la tierra.
Vinieron luego á Gedalías en Mizpa, es á saber, Ismael hijo de Nethanías, y Johanán y Jonathán hijos de Carea, y Seraías hijo de Tanhumeth, y los hijos de Ephi Netophatita, y Jezanías hijo de Maachâti, ellos y sus hombres.
Asimismo todos los Judíos que estaban en Moab, y entre los hijos de Ammón, y en Edom, y los que estaban en todas las tierras, cuando oyeron decir como el rey de Babilonia había dejado algunos en la Judea, y que había puesto sobre ellos á Gedalías hijo de Ahicam, hijo de Saphán,
Y de Mizpa salióles al encuentro, llorando, Ismael hijo de Nethanías: y aconteció que como los encontró, díjoles: Venid á Gedalías, hijo de Ahicam.
PALABRA que habló Jeremías profeta á Baruch hijo de Nerías, cuando escribía en el libro estas palabras de boca de Jeremías, el año cuarto de Joacim hijo de Josías, rey de Judá, diciendo:
Subid, caballos, y alborotaos, carros; y salgan los valientes: los de Cus y los de Phut que toman escudo, y los de Lut que toman y entesan arco.
Denunciad en Egipto, y haced saber en Migdol: haced saber también en Noph y en Taphnes; decid: Para, y apercíbete; porque espada ha de devorar tu comarca.
Y la Caldea será para presa: todos los que la saquearen, saldrán hartos, dice Jehová.
Limpiad las saetas, embrazad los escudos: despertado ha Jehová el espíritu de los reyes de Media; porque contra Babilonia es su pensamiento para destruirla; porque venganza es de Jehová, venganza de su templo.
Tus profetas vieron para ti vanidad y locura; y no descubrieron tu pecado para estorbar tu cautiverio, sino que te predicaron vanas profecías y extravíos.
Pondrá su boca en el polvo, por si quizá hay esperanza.
Aun nos han desfallecido nuestros ojos tras nuestro vano socorro: en nuestra esperanza aguardamos gente que no puede salvar.
Tales eran sus rostros; y tenían sus alas extendidas por encima, cada uno dos, las cuales se juntaban; y las otras dos cubrían sus cuerpos.
Y debajo de la expansión estaban las alas de ellos derechas la una á la otra; á cada uno dos, y otras dos con que se cubrían sus cuerpos.
Y levantóme el espíritu, y oí detrás de mí una voz de grande estruendo, que decía: Bendita sea la gloria de Jehová desde su lugar.
Y pondrás contra ella cerco, y edificarás contra ella fortaleza, y sacarás contra ella baluarte, y asentarás delante de ella campo, y pondrás contra ella arietes alrededor.
Arrancó el principal de sus renuevos, y llevólo á la tierra de mercaderes, y púsolo en la ciudad de los negociantes.
Así ha dicho el Señor Jehová: Y tomaré yo del cogollo de aquel alto cedro, y pondrélo; del principal de sus renuevos cortaré un tallo, y plantarlo he yo sobre el monte alto y sublime;
Y sabrán todos los árboles del campo que yo Jehová abatí el árbol sublime, levanté el árbol bajo, hice secar el árbol verde, é hice reverdecer el árbol seco. Yo Jehová hablé é hice.
¿Quiero yo la muerte del impío? dice el Señor Jehová. ¿No vivirá, si se apartare de sus caminos?
Y ha salido fuego de la vara de sus ramos, ha consumido su fruto, y no ha quedado en ella vara fuerte, cetro para enseñorear. Endecha es esta, y de endecha servirá.
Y fué á mí palabra de Jehová, diciendo:
Y dije: ¡Ah, Señor Jehová! ellos dicen de mí: ¿No profiere éste parábolas?
¿Tornaréla á su vaina? En el lugar donde te criaste, en la tierra donde has vivido, te tengo de juzgar.
Y busqué de ellos hombre que hiciese vallado, y que se pusiese al portillo delante de mí por la tierra, para que yo no la destruyese; y no lo hallé.
Y dirás á los hijos de Ammón: Oid palabra del Señor Jehová. Así ha dicho el Señor Jehová: Por cuanto dijiste ¡Ea! acerca de mi santuario que fué profanado, y sobre la tierra de Israel que fué asolada, y sobre la casa de Judá, porque fueron en cautiverio;
Y levantarán sobre ti endechas, y te dirán: ¿Cómo pereciste tú, poblada en los mares, ciudad que fué alabada, que fué fuerte en la mar, ella y sus habitantes, que ponían su espanto á todos sus moradores?
Siria fué tu mercadera por la multitud de tus labores: con perlas, y púrpura, y vestidos bordados, y linos finos, y corales, y rubíes, dió en tus ferias.
En muchas aguas te engolfaron tus remeros: viento solano te quebrantó en medio de los mares.
En buenos pastos las apacentaré, y en los altos montes de Israel será su majada: allí dormirán en buena majada, y en pastos gruesos serán apacentadas sobre los montes de Israel.
¿Os es poco que comáis los buenos pastos, sino que holléis con vuestros pies lo que de vuestros pastos queda; y que bebiendo las aguas sentadas, holléis además con vuestros pies las que quedan?
Y henchiré sus montes de sus muertos: en tus collados, y en tus valles, y en todos tus arroyos, caerán ellos muertos á cuchillo.
Así ha dicho el Señor Jehová: Aun seré solicitado de la casa de Israel, para hacerles esto: multiplicarélos de hombres á modo de rebaños.
Y subirás tú, vendrás como tempestad; como nublado para cubrir la tierra serás tú, y todas tus compañías, y muchos pueblos contigo.
Y yo litigaré con él con pestilencia y con sangre; y haré llover sobre él, y sobre sus compañías, y sobre los muchos pueblos que están con él, impetuosa lluvia, y piedras de granizo, fuego y azufre.
Y en la entrada de la puerta había dos mesas de la una parte, y otras dos de la otra, para degollar sobre ellas el holocausto, y la expiación, y el sacrificio por el pecado.
Asimismo veinticinco mil de longitud, y diez mil de anchura, lo cual será para los Levitas ministros de la casa, en posesión, con veinte cámaras.
Partiréis, pues, esta tierra entre vosotros por las tribus de Israel.
No venderán de ello, ni permutarán, ni traspasarán las primicias de la tierra: porque es cosa consagrada á Jehová.
Y lo que viste de los pies y los dedos, en parte de barro cocido de alfarero, y en parte de hierro, el reino será dividido; mas habrá en él algo de fortaleza de hierro, según que viste el hierro mezclado con el tiesto de barro.
Por lo cual, en oyendo todos los pueblos el son de la bocina, del pífano, del tamboril, del arpa, del salterio, de la zampoña, y de todo instrumento músico, todos los pueblos, naciones, y lenguas, se postraron, y adoraron la estatua de oro que el rey Nabucodonosor había levantado.
El rey, por tanto, se levantó muy de mañana, y fué apriesa al foso de los leones:
Hasta aquí fué el fin de la plática. Yo Daniel, mucho me turbaron mis pensamientos, y mi rostro se me mudó: mas guardé en mi corazón el negocio.
Y el rey hará á su voluntad; y se ensoberbecerá, y se engrandecerá sobre todo dios: y contra el Dios de los dioses hablará maravillas, y será prosperado, hasta que sea consumada la ira: porque hecha está determinación.
Y ahora añadieron á su pecado, y de su plata se han hecho según su entendimiento, estatuas de fundición, ídolos, toda obra de artífices; acerca de los cuales dicen á los hombres que sacrifican, que besen los becerros.
Atada está la maldad de Ephraim; su pecado está guardado.
Ninguno apretará á su compañero, cada uno irá por su carrera; y aun cayendo sobre la espada no se herirán.
Muchos pueblos en el valle de la decisión: porque cercano está el día de Jehová en el valle de la decisión.
Así ha dicho Jehová: Por tres pecados de Edom, y por el cuarto, no desviaré su castigo; porque persiguió á cuchillo á su hermano, y rompió sus conmiseraciones; y con su furor le ha robado siempre, y ha perpetuamente guardado el enojo.
El Señor Jehová juró por su santidad: He aquí, vienen días sobre vosotros en que os llevará en anzuelos, y á vuestros descendientes en barquillos de pescador.
Aborreced el mal, y amad el bien, y poned juicio en la puerta: quizá Jehová, Dios de los ejércitos, tendrá piedad del remanente de José.
Aborrecí, abominé vuestras solemnidades, y no me darán buen olor vuestras asambleas.
Entonces respondió Amós, y dijo á Amasías: No soy profeta, ni soy hijo de profeta, sino que soy boyero, y cogedor de cabrahigos:
Y los cantores del templo aullarán en aquel día, dice el Señor Jehová; muchos serán los cuerpos muertos; en todo lugar echados serán en silencio.
Y debajo de él se derretirán los montes, y los valles se hendirán como la cera delante del fuego, como las aguas que corren por un precipicio.
Y dijo Jehová á Satán: Jehová te reprenda, oh Satán; Jehová, que ha escogido á Jerusalem, te reprenda. ¿No es éste tizón arrebatado del incendio?
Y la tribulación pasará por la mar, y en la mar herirá las ondas, y se secarán todas las honduras del río: y la soberbia del Assur será derribada, y se perderá el cetro de Egipto.
HE aquí, yo envío mi mensajero, el cual preparará el camino delante de mí: y luego vendrá á su templo el Señor á quien vosotros buscáis, y el ángel del pacto, á quien deseáis vosotros. He aquí viene, ha dicho Jehová de los ejércitos.
He aquí, yo os envío á Elías el profeta, antes que venga el día de Jehová grande y terrible.
Y dícele: Todo esto te daré, si postrado me adorares.
Y he aquí, fué hecho en la mar un gran movimiento, que el barco se cubría de las ondas; mas él dormía.
Y estaba lejos de ellos un hato de muchos puercos paciendo.
Y los demonios le rogaron, diciendo: Si nos echas, permítenos ir á aquel hato de puercos.
Y viendo Jesús sus pensamientos, dijo: ¿Por qué pensáis mal en vuestros corazones?
Hablando él estas cosas á ellos, he aquí vino un principal, y le adoraba, diciendo: Mi hija es muerta poco ha: mas ven y pon tu mano sobre ella, y vivirá.
Mas los Fariseos decían: Por el príncipe de los demonios echa fuera los demonios.
Y parte cayó en buena tierra, y dió fruto, cuál á ciento, cuál á sesenta, y cuál á treinta.
Y respondiendo él, les dijo: El que siembra la buena simiente es el Hijo del hombre;
Y el enemigo que la sembró, es el diablo; y la siega es el fin del mundo, y los segadores son los ángeles.
Y no hizo allí muchas maravillas, á causa de la incredulidad de ellos.
Porque Juan le decía: No te es lícito tenerla.
Y saliendo Jesús, vió un gran gentío, y tuvo compasión de ellos, y sanó á los que de ellos había enfermos.
Mas viendo el viento fuerte, tuvo miedo; y comenzándose á hundir, dió voces, diciendo: Señor, sálvame.
No deberá honrar á su padre ó á su madre con socorro. Así habéis invalidado el mandamiento de Dios por vuestra tradición.
Y viniendo también los primeros, pensaron que habían de recibir más; pero también ellos recibieron cada uno un denario.
¿No me es lícito á mí hacer lo que quiero con lo mío? ó ¿es malo tu ojo, porque yo soy bueno?
Y todo esto fué hecho, para que se cumpliese lo que fué dicho por el profeta, que dijo:
Pues cuando viniere el señor de la viña, ¿qué hará á aquellos labradores?
Porque en la resurrección, ni los hombres tomarán mujeres, ni las mujeres maridos; mas son como los ángeles de Dios en el cielo.
De cierto os digo que todo esto vendrá sobre esta generación.
Por tanto, cuando viereis la abominación del asolamiento, que fué dicha por Daniel profeta, que estará en el lugar santo, (el que lee, entienda),
Y decían: No en el día de la fiesta, porque no se haga alboroto en el pueblo.
Entonces se cumplió lo que fué dicho por el profeta Jeremías, que dijo: Y tomaron las treinta piezas de plata, precio del apreciado, que fué apreciado por los hijos de Israel;
Y el centurión, y los que estaban con él guardando á Jesús, visto el terremoto, y las cosas que habían sido hechas, temieron en gran manera, diciendo: Verdaderamente Hijo de Dios era éste.
Y estaban allí María Magdalena, y la otra María, sentadas delante del sepulcro.
Y vino luego su fama por toda la provincia alrededor de Galilea.
Y si Satanás se levantare contra sí mismo, y fuere dividido, no puede permanecer; antes tiene fin.
Y les dijo: A vosotros es dado saber el misterio del reino de Dios; mas á los que están fuera, por parábolas todas las cosas;
Porque al que tiene, le será dado; y al que no tiene, aun lo que tiene le será quitado.
Porque le decía: Sal de este hombre, espíritu inmundo.
Porque Juan decía á Herodes: No te es lícito tener la mujer de tu hermano.
Porque Herodes temía á Juan, sabiendo que era varón justo y santo, y le tenía respeto: y oyéndole, hacía muchas cosas; y le oía de buena gana.
Y saliendo ellos del barco, luego le conocieron.
Y le traen un sordo y tartamudo, y le ruegan que le ponga la mano encima.
Y sus discípulos le respondieron: ¿De dónde podrá alguien hartar á estos de pan aquí en el desierto?
Mas Jesús tomándole de la mano, enderezóle; y se levantó.
Y Jesús le dijo: ¿Por qué me dices bueno? Ninguno hay bueno, sino sólo uno, Dios.
Mas no será así entre vosotros: antes cualquiera que quisiere hacerse grande entre vosotros, será vuestro servidor;
¿Ni aun esta Escritura habéis leído: La piedra que desecharon los que edificaban, ésta es puesta por cabeza de esquina;
Y entonces verán al Hijo del hombre, que vendrá en las nubes con mucha potestad y gloria.
Y le dieron á beber vino mezclado con mirra; mas él no lo tomó.
El Cristo, Rey de Israel, descienda ahora de la cruz, para que veamos y creamos. También los que estaban crucificados con él le denostaban.
Y el centurión que estaba delante de él, viendo que había espirado así clamando, dijo: Verdaderamente este hombre era el Hijo de Dios.
Mas como Jesús resucitó por la mañana, el primer día de la semana, apareció primeramente á María Magdalena, de la cual había echado siete demonios.
Porque él irá delante de él con el espíritu y virtud de Elías, para convertir los corazones de los padres á los hijos, y los rebeldes á la prudencia de los justos, para aparejar al Señor un pueblo apercibido.
Y exclamó á gran voz, y dijo: Bendita tú entre las mujeres, y bendito el fruto de tu vientre.
Que sin temor librados de nuestros enemigos, le serviríamos
Pues si tú adorares delante de mí, serán todos tuyos.
Y levantándose, le echaron fuera de la ciudad, y le llevaron hasta la cumbre del monte sobre el cual la ciudad de ellos estaba edificada, para despeñarle.
Y predicaba en las sinagogas de Galilea.
No ungiste mi cabeza con óleo; mas ésta ha ungido con ungüento mis pies.
Y él dijo: A vosotros es dado conocer los misterios del reino de Dios; mas á los otros por parábolas, para que viendo no vean, y oyendo no entiendan.
Y aconteció como ocho días después de estas palabras, que tomó á Pedro y á Juan y á Jacobo, y subió al monte á orar.
Y he aquí dos varones que hablaban con él, los cuales eran Moisés y Elías;
Y aconteció que yendo ellos, uno le dijo en el camino: Señor, te seguiré donde quiera que fueres.
Y luego que hubo hablado, rogóle un Fariseo que comiese con él: y entrado Jesús, se sentó á la mesa.
Empero de lo que os resta, dad limosna; y he aquí todo os será limpio.
Porque todas estas cosas buscan las gentes del mundo; que vuestro Padre sabe que necesitáis estas cosas.
Y él les propuso esta parábola, diciendo:
Entonces el mayordomo dijo dentro de sí: ¿Qué haré? que mi señor me quita la mayordomía. Cavar, no puedo; mendigar, tengo vergüenza.
Y además de todo esto, una grande sima está constituída entre nosotros y vosotros, que los que quisieren pasar de aquí á vosotros, no pueden, ni de allá pasar acá.
Y Jesús le dijo: ¿Por qué me llamas bueno? ninguno hay bueno sino sólo Dios.
¿Por qué, pues, no diste mi dinero al banco, y yo viniendo lo demandara con el logro?
Mas ellos pensaban dentro de sí, diciendo: Si dijéremos, del cielo, dirá: ¿Por qué, pues, no le creísteis?
Y llegándose unos de los Saduceos, los cuales niegan haber resurrección, le preguntaron,
El entonces dijo: Mirad, no seáis engañados; porque vendrán muchos en mi nombre, diciendo: Yo soy; y, El tiempo está cerca: por tanto, no vayáis en pos de ellos.
Y dijeron todos: ¿Luego tú eres Hijo de Dios? Y él les dijo: Vosotros decís que yo soy.
Entonces ellos dijeron: ¿Qué más testimonio deseamos? porque nosotros lo hemos oído de su boca.
Mas ellos instaban á grandes voces, pidiendo que fuese crucificado. Y las voces de ellos y de los príncipes de los sacerdotes crecían.
Este llegó á Pilato, y pidió el cuerpo de Jesús.
Y la luz en las tinieblas resplandece; mas las tinieblas no la comprendieron.
Y yo no le conocía; mas el que me envió á bautizar con agua, aquél me dijo: Sobre quien vieres descender el Espíritu, y que reposa sobre él, éste es el que bautiza con Espíritu Santo.
Y á los que vendían las palomas, dijo: Quitad de aquí esto, y no hagáis la casa de mi Padre casa de mercado.
Dícele Jesús: Yo soy, que hablo contigo.
Otro es el que da testimonio de mí; y sé que el testimonio que da de mí, es verdadero.
No puede el mundo aborreceros á vosotros; mas á mí me aborrece, porque yo doy testimonio de él, que sus obras son malas.
¿Ha creído en él alguno de los príncipes, ó de los Fariseos?
Y preguntáronles, diciendo: ¿Es éste vuestro hijo, el que vosotros decís que nació ciego? ¿Cómo, pues, ve ahora?
Mas esto decía Jesús de la muerte de él: y ellos pensaron que hablaba del reposar del sueño.
Sabiendo Jesús que el Padre le había dado todas las cosas en las manos, y que había salido de Dios, y á Dios iba,
Como hubo dicho Jesús esto, fué conmovido en el espíritu, y protestó, y dijo: De cierto, de cierto os digo, que uno de vosotros me ha de entregar.
Y tras el bocado Satanás entró en él. Entonces Jesús le dice: Lo que haces, haz lo más presto.
He aquí, la hora viene, y ha venido, que seréis esparcidos cada uno por su parte, y me dejaréis solo: mas no estoy solo, porque el Padre está conmigo.
Y era Caifás el que había dado el consejo á los Judíos, que era necesario que un hombre muriese por el pueblo.
Y estaban en pie los siervos y los ministros que habían allegado las ascuas; porque hacía frío, y calentábanse: y estaba también con ellos Pedro en pie, calentándose.
Entonces salió Pilato á ellos fuera, y dijo: ¿Qué acusación traéis contra este hombre?
Y volvieron los discípulos á los suyos.
Esta era ya la tercera vez que Jesús se manifestó á sus discípulos, habiendo resucitado de los muertos.
Y con otras muchas palabras testificaba y exhortaba, diciendo: Sed salvos de esta perversa generación.
Ellos entonces los despacharon amenazándolos, no hallando ningún modo de castigarlos, por causa del pueblo; porque todos glorificaban á Dios de lo que había sido hecho.
Y como hubieron orado, el lugar en que estaban congregados tembló; y todos fueron llenos del Espíritu Santo, y hablaron la palabra de Dios con confianza.
Entonces José, que fué llamado de los apóstoles por sobrenombre, Bernabé, (que es interpretado, Hijo de consolación) Levita, natural de Cipro,
Y Pedro le dijo: ¿Por qué os concertasteis para tentar al Espíritu del Señor? He aquí á la puerta los pies de los que han sepultado á tu marido, y te sacarán.
Los cuales fueron trasladados á Sichêm, y puestos en el sepulcro que compró Abraham á precio de dinero de los hijos de Hemor de Sichêm.
Y echándolo fuera de la ciudad, le apedreaban: y los testigos pusieron sus vestidos á los pies de un mancebo que se llamaba Saulo.
Entonces él se levantó, y fué: y he aquí un Etiope, eunuco, gobernador de Candace, reina de los Etiopes, el cual era puesto sobre todos sus tesoros, y había venido á adorar á Jerusalem,
Entonces Bernabé, tomándole, lo trajo á los apóstoles, y contóles cómo había visto al Señor en el camino, y que le había hablado, y cómo en Damasco había hablado confiadamente en el nombre de Jesús.
Y él fué visto por muchos días de los que habían subido juntamente con él de Galilea á Jerusalem, los cuales son sus testigos al pueblo.
ENTONCES algunos que venían de Judea enseñaban á los hermanos: Que si no os circuncidáis conforme al rito de Moisés, no podéis ser salvos.
Y como avistamos á Cipro, dejándola á mano izquierda, navegamos á Siria, y vinimos á Tiro: porque el barco había de descargar allí su carga.
Y después de estos días, apercibidos, subimos á Jerusalem.
Mandó el tribuno que le llevasen á la fortaleza, y ordenó que fuese examinado con azotes, para saber por qué causa clamaban así contra él.
Y como el centurión oyó esto, fué y dió aviso al tribuno, diciendo: ¿Qué vas á hacer? porque este hombre es Romano.
Así que, luego se apartaron de él los que le habían de atormentar: y aun el tribuno también tuvo temor, entendido que era Romano, por haberle atado.
Y la noche siguiente, presentándosele el Señor, le dijo: Confía, Pablo; que como has testificado de mí en Jerusalem, así es menester testifiques también en Roma.
Acerca de todas las cosas de que soy acusado por los Judíos, oh rey Agripa, me tengo por dichoso de que haya hoy de defenderme delante de ti;
Y como comenzó á ser de día, Pablo exhortaba á todos que comiesen, diciendo: Este es el décimocuarto día que esperáis y permanecéis ayunos, no comiendo nada.
Y éramos todas las personas en la nave doscientas setenta y seis.
Porque lo que de Dios se conoce, á ellos es manifiesto; porque Dios se lo manifestó.
Mas á los que son contenciosos, y no obedecen á la verdad, antes obedecen á la injusticia, enojo é ira;
Empero si la verdad de Dios por mi mentira creció á gloria suya, ¿por qué aun así yo soy juzgado como pecador?
No reine, pues, el pecado en vuestro cuerpo mortal, para que le obedezcáis en sus concupiscencias;
Por cuanto la intención de la carne es enemistad contra Dios; porque no se sujeta á la ley de Dios, ni tampoco puede.
Porque á los que antes conoció, también predestinó para que fuesen hechos conformes á la imagen de su Hijo, para que él sea el primogénito entre muchos hermanos;
Y si por gracia, luego no por las obras; de otra manera la gracia ya no es gracia. Y si por las obras, ya no es gracia; de otra manera la obra ya no es obra.
Porque Macedonia y Acaya tuvieron por bien hacer una colecta para los pobres de los santos que están en Jerusalem.
Porque me ha sido declarado de vosotros, hermanos míos, por los que son de Cloé, que hay entre vosotros contiendas;
Para que ninguna carne se jacte en su presencia.
No os defraudéis el uno al otro, á no ser por algún tiempo de mutuo consentimiento, para ocuparos en la oración: y volved á juntaros en uno, porque no os tiente Satanás á causa de vuestra incontinencia.
Porque yo recibí del Señor lo que también os he enseñado: Que el Señor Jesús, la noche que fué entregado, tomó pan;
De manera que, cualquiera que comiere este pan ó bebiere esta copa del Señor indignamente, será culpado del cuerpo y de la sangre del Señor.
Si todo el cuerpo fuese ojo, ¿dónde estaría el oído? Si todo fuese oído, ¿dónde estaría el olfato?
Y si Cristo es predicado que resucitó de los muertos, ¿cómo dicen algunos entre vosotros que no hay resurrección de muertos?
Y aun somos hallados falsos testigos de Dios; porque hemos testificado de Dios que él haya levantado á Cristo; al cual no levantó, si en verdad los muertos no resucitan.
Mas luego que todas las cosas le fueren sujetas, entonces también el mismo Hijo se sujetará al que le sujetó á él todas las cosas, para que Dios sea todas las cosas en todos.
Se siembra en vergüenza, se levantará con gloria; se siembra en flaqueza, se levantará con potencia;
Las iglesias de Asia os saludan. Os saludan mucho en el Señor Aquila y Priscila, con la iglesia que está en su casa.
PABLO, apóstol de Jesucristo por la voluntad de Dios, y Timoteo el hermano, á la iglesia de Dios que está en Corinto, juntamente con todos los santos que están por toda la Acaya:
Llevando siempre por todas partes la muerte de Jesús en el cuerpo, para que también la vida de Jesús sea manifestada en nuestros cuerpos.
No os juntéis en yugo con los infieles: porque ¿qué compañía tiene la justicia con la injusticia? ¿y qué comunión la luz con las tinieblas?
Y estando prestos para castigar toda desobediencia, cuando vuestra obediencia fuere cumplida.
Así que, no es mucho si también sus ministros se transfiguran como ministros de justicia; cuyo fin será conforme á sus obras.
Otra vez digo: Que nadie me estime ser loco; de otra manera, recibidme como á loco, para que aun me gloríe yo un poquito.
De este tal me gloriaré, mas de mí mismo nada me gloriaré, sino en mis flaquezas.
Vosotros corríais bien: ¿quién os embarazó para no obedecer á la verdad?
Si vivimos en el Espíritu, andemos también en el Espíritu.
Ni deis lugar al diablo.
Sujetados los unos á los otros en el temor de Dios.
Para santificarla limpiándola en el lavacro del agua por la palabra,
Y en nada intimidados de los que se oponen: que á ellos ciertamente es indicio de perdición, mas á vosotros de salud; y esto de Dios;
Hermanos, yo mismo no hago cuenta de haber lo ya alcanzado; pero una cosa hago: olvidando ciertamente lo que queda atrás, y extendiéndome á lo que está delante,
Porque aun á Tesalónica me enviasteis lo necesario una y dos veces.
No menospreciéis las profecías.
Y el mismo Señor nuestro Jesucristo, y Dios y Padre nuestro, el cual nos amó, y nos dió consolación eterna, y buena esperanza por gracia,
Porque vendrá tiempo cuando no sufrirán la sana doctrina; antes, teniendo comezón de oir, se amontonarán maestros conforme á sus concupiscencias,
El cual derramó en nosotros abundantemente por Jesucristo nuestro Salvador,
Todos los que están conmigo te saludan. Saluda á los que nos aman en la fe. La gracia sea con todos vosotros. Amén.
Marcos, Aristarco, Demas y Lucas, mis cooperadores.
La gracia de nuestro Señor Jesucristo sea con vuestro espíritu. Amén.
El cual es fiel al que le constituyó, como también lo fué Moisés sobre toda su casa.
Al cual asimismo dió Abraham los diezmos de todo, primeramente él se interpreta Rey de justicia; y luego también Rey de Salem, que es, Rey de paz;
Así que, si estuviese sobre la tierra, ni aun sería sacerdote, habiendo aún los sacerdotes que ofrecen los presentes según la ley;
Así que, por eso es mediador del nuevo testamento, para que interviniendo muerte para la remisión de las rebeliones que había bajo del primer testamento, los que son llamados reciban la promesa de la herencia eterna.
En la cual voluntad somos santificados por la ofrenda del cuerpo de Jesucristo hecha una sola vez.
Añade: Y nunca más me acordaré de sus pecados é iniquidades.
Por la fe Abraham, siendo llamado, obedeció para salir al lugar que había de recibir por heredad; y salió sin saber dónde iba.
Apagaron fuegos impetuosos, evitaron filo de cuchillo, convalecieron de enfermedades, fueron hechos fuertes en batallas, trastornaron campos de extraños.
Que aun no habéis resistido hasta la sangre, combatiendo contra el pecado:
Mas sed hacedores de la palabra, y no tan solamente oidores, engañándoos á vosotros mismos.
Como libres, y no como teniendo la libertad por cobertura de malicia, sino como siervos de Dios.
Honrad á todos. Amad la fraternidad. Temed á Dios. Honrad al rey.
Como Sara obedecía á Abraham, llamándole señor; de la cual vosotras sois hechas hijas, haciendo bien, y no sois espantadas de ningún pavor.
Saludaos unos á otros con ósculo de caridad. Paz sea con todos vosotros los que estáis en Jesucristo. Amén.
Porque no os hemos dado á conocer la potencia y la venida de nuestro Señor Jesucristo, siguiendo fábulas por arte compuestas; sino como habiendo con nuestros propios ojos visto su majestad.
Estos son fuentes sin agua, y nubes traídas de torbellino de viento: para los cuales está guardada la oscuridad de las tinieblas para siempre.
Ciertamente, si habiéndose ellos apartado de las contaminaciones del mundo, por el conocimiento del Señor y Salvador Jesucristo, y otra vez envolviéndose en ellas, son vencidos, sus postrimerías les son hechas peores que los principios.
Y en esto sabemos que nosotros le hemos conocido, si guardamos sus mandamientos.
Mas vosotros, amados, tened memoria de las palabras que antes han sido dichas por los apóstoles de nuestro Señor Jesucristo;
He aquí, yo vengo presto; retén lo que tienes, para que ninguno tome tu corona.
Y el cielo se apartó como un libro que es envuelto; y todo monte y las islas fueron movidas de sus lugares.
Y el nombre de la estrella se dice Ajenjo. Y la tercera parte de las aguas fué vuelta en ajenjo: y muchos hombres murieron por las aguas, porque fueron hechas amargas.
Y los de los linajes, y de los pueblos, y de las lenguas, y de los Gentiles verán los cuerpos de ellos por tres días y medio, y no permitirán que sus cuerpos sean puestos en sepulcros.
Y me dijo: No selles las palabras de la profecía de este libro; porque el tiempo está cerca.
