import AnimaWide

/// The physics of one animator, as Box2D's `b2World`: the items' store, what the behavior graph
/// compiles for the step (body lists, collision memberships, boundary segments, joints, pushes,
/// snaps, fields), the broad phase and the contacts, the solver's scratch and the islands. The
/// ``Animator`` keeps UIKit's face (the clock, the behavior tree, view animations, callbacks) and
/// runs `step(_:)` once per internal step; everything the step does is a method of `World`, one
/// stage a file (`World+Step.swift` names them in order).
final class World {
    /// The items, shared with the animator that owns this world.
    let store: ItemStore
    /// The internal step length in seconds (1 / the configuration's step rate; the animator's
    /// `stepDuration`).
    let stepDuration: Double
    /// The animator's configuration (sub-steps, rest thresholds, reference bounds, workers): the
    /// animator reads and changes it here.
    var configuration: AnimatorConfiguration
    /// Callbacks running now: the animator's (delegates, actions) and a custom field's evaluation
    /// inside the solve. While one runs, graph edits wait for the next step and the step's
    /// structures are not rebuilt; the animator reads it as `inCallback`.
    var callbackDepth = 0
    /// The body lists need refreshing (an island woke during a step); done at the step's end.
    var bodyListsDirty = false
    /// Item slots held by a pointer, with the number of drags on each: their snaps let go while
    /// they are held.
    var heldSlots: [Int32: Int] = [:]
    /// The animator's memory budget, shared with its stores (see `MemoryBudget`).
    let memoryBudget = MemoryBudget()
    /// The item slots (and boundary segments) the step's storage was last checked for
    /// (`reserveStepRoom`).
    var checkedItemRoom = 0
    /// A growth of the contact storage refused during the step, reported once the step ends.
    var stepRefusal: AnimaError? = nil
    /// Whether contacts are solved eight at a time by colour (the default); false solves them one
    /// at a time in contact order, for comparison in tests.
    var solvesContactsWide = true
    /// How many steps a manifold between two still polygons (or a polygon and a boundary) is
    /// carried forward before the shapes are collided again (see `updateManifold`); 0 collides
    /// every pair every step, for comparison in tests.
    var manifoldReuseSteps = World.defaultManifoldReuseSteps
    /// Whether any item's `poseEdited` flag is set.
    var anyPoseEdited = false
    /// Which build of the wide kernel solves the lane groups (SSE2 or AVX2, the same results to
    /// the bit); the fastest available unless the environment says otherwise. Tests set it.
    var wideKernel = WideKernelChoice.preferred
    /// Began contacts of the last advance or step, in order (the animator's `beganContacts`).
    var beganContacts: [ContactEvent] = []
    /// Ended contacts of the last advance or step, in order (the animator's `endedContacts`).
    var endedContacts: [ContactEvent] = []
    /// Sensor events of the last advance or step, in order (the animator's `beganSensorEvents`
    /// and `endedSensorEvents`).
    var beganSensorEvents: [SensorEvent] = []
    var endedSensorEvents: [SensorEvent] = []
    /// The sensor slots as of the last graph rebuild, ascending, and whether there are any.
    var sensorSlots: [Int32] = []
    var anySensors = false
    /// Each sensor's visitors after the last step (or as restored), in creation order, by the
    /// sensor's slot.
    var sensorVisitors: [Int32: SensorVisitors] = [:]
    /// Hits of the last advance or step, in order (the animator's `hitEvents`).
    var hitEvents: [HitEvent] = []
    /// Each collision behavior's hit threshold (infinity for none), by index, and the lowest.
    var hitThresholds: [Double] = []
    var lowestHitThreshold = Double.infinity
    /// Whether a collision behavior has a pre-solve hook (`applyPreSolve` runs then).
    var anyPreSolve = false
    /// The reporters of each touching contact, by pair key, fixed when it began.
    var touchingReporters: [UInt64: TouchRecord] = [:]

    init(store: ItemStore, stepDuration: Double, configuration: AnimatorConfiguration) {
        self.store = store
        self.stepDuration = stepDuration
        self.configuration = configuration
        store.stepBytesPerSlot = World.stepBytesPerItem
    }

    /// Collision behaviors in depth-first order; the memberships index this array.
    var collisionBehaviors: [CollisionBehavior] = []
    /// Per slot, the collision behaviors (that collide items) holding it, and those (that collide
    /// with boundaries) whose boundaries it meets; see CollisionMembership.
    var itemMembership = CollisionMembership()
    var boundaryMembership = CollisionMembership()
    /// More than 64 collision behaviors: the items' 64-bit summaries fold several behaviors onto
    /// one bit, and a shared bit is confirmed by the memberships.
    var foldsMasks = false
    var segments: [BoundarySegment] = []
    var segmentVertices: [Vec2] = []   // 2 per segment
    var segmentNormals: [Vec2] = []    // 2 per segment: n and -n
    var contacts: [Contact] = []       // in the order they began, with holes (see contactHoles)
    /// `ContactHead(contacts[k])` at each index k: what the contact update reads of every pair.
    var contactHeads: [ContactHead] = []
    /// Holes in `contacts`: records of contacts that ended, left in place (`Contact.isHole`) so
    /// that a step in which pairs end does not move every contact after them. The list is
    /// closed up once they are an eighth of it; the live contacts keep the order they would
    /// have had without holes, so the holes change no result.
    var contactHoles = 0
    /// The store's `pairRulesVersion` when the last contact update checked every contact against
    /// the rules that decide which pairs may collide; while it is still the store's, a contact
    /// only checks that its fat boxes still overlap. (No version yet in a new world: the first
    /// update checks everything.)
    var checkedPairRulesVersion = UInt64.max
    /// Closes every hole in the step it appears (tests compare the two ways).
    var closesEveryHole = false
    /// Leaves out the separating-axis test of a pair it found apart that has not moved enough
    /// to touch since (`ManifoldView.staysSeparated`; tests compare the two ways).
    var skipsSeparatedPairs = true
    /// Runs the contacts' warm start and biased solve between one load and store of the bodies'
    /// velocities when nothing else reads them in between (`World.solve`; tests compare the
    /// two ways).
    var fusesWarmStart = true
    var activeContacts: [Int32] = []   // this step's contacts with points or touching (see listActiveContacts)
    var contactKeys = PairKeySet()      // the keys of `contacts`
    var candidates: [SIMD2<Int32>] = []
    /// Scratch for the radix sort of the new pairs (`World.sortByKey`).
    var pairScratch: [Pair] = []
    var newPairs: [Pair] = []
    var segmentProxies: [Int32] = []
    var segmentIndex: [UInt32: Int32] = [:]  // segment id -> index, lookup only
    var broadPhase = BroadPhase()
    // solver scratch: body 0 is the static body, item slot i is body i + 1
    var bodies = ScratchBuffer<SolverBody>()
    var params = ScratchBuffer<BodyParams>()
    var constraints = ScratchBuffer<ContactConstraint>()
    var separations = ScratchBuffer<Double>()   // per constraint point: its manifold point's separation
    /// Per constraint, the bodies its contact can move (-1 for a side it cannot), for the
    /// colouring (see `ContactColoring.color`).
    var constraintEnds = ScratchBuffer<SIMD2<Int32>>()
    /// Per constraint, the two bodies it joins in one island, or (0, 0) (`ContactConstraintBuilder.joins`).
    var constraintJoins = ScratchBuffer<SIMD2<Int32>>()
    /// Per constraint, 0 when its two points are solved as a block, else 1 (`ContactConstraintBuilder.kinds`).
    var constraintKinds = ScratchBuffer<UInt8>()
    /// The step's joints (`World.prepareJoints`): each one's head, and its constraint unless
    /// it is a plain pin (`jointRowKind` .pin or .fixedPin: its record here is not written).
    var joints = ScratchBuffer<JointConstraint>()
    var jointHeads = ScratchBuffer<JointHead>()
    /// The step's joint order, its ranges (per colour when coloured, see `orderJoints`), and
    /// two scratch body records per worker for the sides joints cannot move.
    var jointOrder = ScratchBuffer<Int32>()
    /// Per joint of the step: what it is solved from, and its row when it has one (`PinRow`,
    /// `SpringRow`).
    var jointRowKind = ScratchBuffer<JointRowKind>()
    var pinRows = ScratchBuffer<PinRow>()
    var springRows = ScratchBuffer<SpringRow>()
    /// The step's joints whose anchor moves (`JointSolver.advanceAnchors`).
    var movingAnchors = ScratchBuffer<Int32>()
    /// Whether plain pins and springs are solved from their rows (the same result either way;
    /// tests turn it off).
    var usesJointRows = true
    /// Whether point joints whose sides cannot turn are solved without rotations
    /// (`JointSolver.fixArms`; the same values either way, tests turn it off).
    var fixesJointArms = true
    var jointColorStart: [Int] = [0, 0]
    var jointsColored = false
    /// `World.minimumColoredJoints`; tests change it to compare the two orders.
    var minimumColoredJoints = World.minimumColoredJoints
    var jointColor = ScratchBuffer<UInt8>()
    var jointTaken: [UInt32] = []
    var jointSinks = ScratchBuffer<SolverBody>()
    /// The wide solver's view of `constraints`: their colours and lane groups.
    var coloring = ContactColoring()
    var wide = ScratchBuffer<WideContact>()
    /// Per contact constraint, where `packWideContacts` put it: group x laneWidth + lane in
    /// `wide`, or -1 for a constraint no colour took (solved one at a time, in its record).
    var constraintLanes = ScratchBuffer<Int32>()
    /// What the reads ahead of the key removals read (kept, so that they are not left out).
    var keyWarmth: UInt64 = 0
    /// Per block of the rest update, the longest rest among its items (see `updateRest`).
    var blockLongestRest = ScratchBuffer<Double>()
    /// Per colliding item, with workers: 0 when its proxy stays, 1 when it moved, 2 when it
    /// moved and joined the queue.
    var proxyMoved = ScratchBuffer<UInt8>()
    /// Per block of constraints and per colour, the next rank of a block-solved constraint and
    /// of another (see packWideContacts).
    var packRanks = ScratchBuffer<Int32>()
    var wideBodies = ScratchBuffer<WideBodyState>()
    /// The bodies the lane groups read (the static body first), listed by `packWideContacts`
    /// when they are under half of all bodies (a list whose rows rarely touch), so that a
    /// pass loads and stores only those; empty when not in use. `wideBodyMarks` is the per-body
    /// scratch that keeps a body from being listed twice (all false between steps).
    var wideBodyList = ScratchBuffer<Int32>()
    var wideBodyMarks = ScratchBuffer<Bool>()
    /// Lists the lane groups' bodies always (true) or never (false) instead of when they are
    /// few (nil); tests compare the ways.
    var listsWideBodies: Bool? = nil
    /// Per colour k, where its lane groups start in `wide` (colorCount + 1 entries).
    var colorGroupStart: [Int] = []
    /// The threads that share the wide passes, when the configuration asks for more than one.
    var workers: SolverWorkers? = nil
    /// Lane groups per block of a shared colour; a colour is shared when each worker can get a
    /// block (a barrier costs more than a few groups), else it runs on the stepping thread.
    /// Tests lower it to share every colour.
    var minimumGroupsPerWorker = 4
    /// False when no live item has elasticity (as of the last graph rebuild, which is the only
    /// place an item's properties change): then no contact has restitution, and the solver's
    /// restitution passes over the constraints are left out. True until known.
    var anyElastic = true
    /// The fewest items (outlines to compute, moved proxies to query, contacts to update, per
    /// worker for outlines and contacts) for which the workers share the work; tests lower it
    /// to share all of it.
    var minimumItemsPerWorker = 256
    /// The shared contact update's lists (see `updateContactsShared`): per worker, from the
    /// start of its share, the contacts the pass after it must see, and how many.
    var listed = ScratchBuffer<Int32>()
    var listedFlags = ScratchBuffer<UInt8>()
    /// Per active contact, whether this step's touch update changed its touching state.
    var touchChanged = ScratchBuffer<Bool>()
    /// Per contact, the touch update `storeImpulses` made while the record was at hand: 0 none
    /// (`updateTouchingStates` makes it), 1 made and unchanged, 2 made and changed.
    var touchMade = ScratchBuffer<UInt8>()
    /// Steps in which the shared contact update took its ordered pass (an island woke), and in
    /// which the shared new contacts were made again from one that woke an island: counts that
    /// show tests both ways run.
    var contactUpdatesInOrder = 0
    var newContactsRemade = 0
    /// Steps whose solve joined the touching bodies into islands (`joinsIslandsInSolve`), and
    /// of those, the steps in which islands were then looked for: the same kind of count.
    var islandsJoinedInSolve = 0
    var islandJoinsUsed = 0
    /// The new pairs' contact records, made by the workers before they join the list
    /// (`addNewContactsShared`).
    var newContactRecords = ScratchBuffer<Contact>()
    /// Per block of the shared contact update, what its first pass counted.
    var listedTally = ScratchBuffer<World.ContactBlockTally>()
    /// The shared contact update's contacts that make constraints, in order: (where the contact
    /// is now, its place once holes are closed).
    var constrainedContacts: [SIMD2<Int32>] = []
    /// The shared pair search's lists, one per block of moved proxies (see `findNewPairsShared`).
    var blockPairs: [[Pair]] = []
    /// Attachments, pushes and snaps in depth-first order of the behavior tree.
    var attachments: [AttachmentBehavior] = []
    /// Per slot: the group of items that fixed attachments join into one rigid body (the
    /// group's root slot), or -1. Items of one group do not collide with each other.
    var weldGroup: [Int32] = []
    var pushes: [PushBehavior] = []
    var snaps: [SnapBehavior] = []
    var fields: [FieldBehavior] = []
    var points = ScratchBuffer<ConstraintPoint>()
    var worldVertices: [Vec2] = []     // laid out as the store's outline pools (ItemStore.outlineStart)
    var worldNormals: [Vec2] = []
    var sweep: [Double] = []           // per slot: how far it may move in one step
    var tightBoxes: [AABB] = []        // per slot: the box it may occupy during the step, plus contact distance
    // per slot: the outline epoch in which a sleeping item's outline and boxes were last made
    // (see updateGeometry); a sleeping item's are not made again until the epoch moves on
    var outlineSettled: [UInt32] = []
    // moves on with every rebuild of the body lists (any wake, sleep or change of the behaviors)
    var outlineEpoch: UInt32 = 1
    /// Slots that the solver moves (governed, finite mass), in slot order.
    var moving: [Int32] = []
    /// The moving slots whose bodies the current step gathered (the solver's view of `moving`).
    var solvedMoving: [Int32] = []
    /// Anchored governed slots: never pushed, but they follow the velocity they are given.
    var kinematic: [Int32] = []
    /// Slots that take part in collision, in slot order.
    var colliding: [Int32] = []
    /// Governed slots that collide with nothing, in slot order. Their proxies are not moved by
    /// the step (nothing pairs with them), so `items(in:)` tests their boxes directly.
    var notColliding: [Int32] = []
    /// Sleeping islands: id -> member slots.
    var sleepingIslands: [Int32: [Int32]] = [:]
    var nextIslandID: Int32 = 0
    /// Union-find parents by solver body index (slot + 1), and per-root scratch.
    var parent: [Int32] = []
    var rootRest: [Double] = []
    var rootIsland: [Int32] = []
    /// The longest rest of a moving item at the last step's rest update (`updateRest`).
    var longestRest = 0.0
    /// The solve of this step joined the touching bodies into islands (`joinsIslandsInSolve`).
    var islandsJoined = false

    deinit {
        bodies.free()
        params.free()
        constraints.free()
        points.free()
        separations.free()
        constraintEnds.free()
        constraintJoins.free()
        constraintKinds.free()
        joints.free()
        jointHeads.free()
        jointOrder.free()
        jointRowKind.free()
        pinRows.free()
        springRows.free()
        movingAnchors.free()
        jointColor.free()
        jointSinks.free()
        wide.free()
        constraintLanes.free()
        packRanks.free()
        proxyMoved.free()
        blockLongestRest.free()
        wideBodies.free()
        wideBodyList.free()
        wideBodyMarks.free()
        listed.free()
        listedFlags.free()
        touchChanged.free()
        touchMade.free()
        listedTally.free()
        newContactRecords.free()
    }
}
