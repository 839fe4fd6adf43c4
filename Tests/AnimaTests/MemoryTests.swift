#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Anima

/// Out of memory is an error: a call whose storage cannot grow throws `.outOfMemory`, naming the
/// call and the bytes, and leaves the animator as it was, usable and consistent. Failures are
/// injected the way SQLite's tests inject them (the n-th checked allocation fails), and one is
/// real (`malloc` refusing a size no machine has).
struct MemoryTests {
    /// A regular hexagon of `radius` around the centre, counter-clockwise on screen.
    func hexagon(radius: Double) throws(AnimaError) -> ItemPath {
        try ItemPath((0..<6).map { j in Vec2(radius * cos(Double(j) * .pi / 3), -radius * sin(Double(j) * .pi / 3)) })
    }

    /// A scene of `count` items of every shape, resized, turned and reshaped after creation,
    /// under gravity and collision; `retry` runs a call again once when it throws `.outOfMemory`.
    func build(count: Int, failures: inout Int) throws -> Animator {
        let a = try makeAnimator()
        func retry<T>(_ call: () throws(AnimaError) -> T) throws(AnimaError) -> T {
            do { return try call() } catch where error.code == .outOfMemory {
                failures += 1
                if let f = a.validationFailure() { Issue.record("after a failed call: \(f)") }
                return try call()
            }
        }
        let shapes: [CollisionShape] = [.rectangle, .ellipse, .roundedRectangle]
        var items: [ItemID] = []
        for k in 0..<count {
            let id = try retry { () throws(AnimaError) in
                try a.createItem(ItemDefinition(center: Vec2(20 + Double(k % 10) * 30, 40 + Double(k / 10) * 30),
                                                size: Size(width: 20, height: 20), shape: shapes[k % 3]))
            }
            items.append(id)
            if k % 4 == 1 { try retry { () throws(AnimaError) in try a.setSize(Size(width: 24, height: 16), of: id) } }
            if k % 4 == 2 { try retry { () throws(AnimaError) in try a.setTransform(ItemTransform(rotation: 0.3), of: id) } }
            if k % 7 == 3 {
                let outline = try hexagon(radius: 10)
                try retry { () throws(AnimaError) in try a.setPath(outline, of: id) }
            }
            if k % 9 == 4 { try retry { () throws(AnimaError) in try a.setCornerRadius(4, of: id) } }
        }
        let pair = try retry { () throws(AnimaError) in try a.createGroup(of: [items[0], items[1]]) }
        let members = [pair] + items.dropFirst(2)
        try a.addBehavior(retry { () throws(AnimaError) in try GravityBehavior(owner: a, items: members) })
        try a.addBehavior(retry { () throws(AnimaError) in try CollisionBehavior(owner: a, items: members) })
        return a
    }

    @Test func aCreationWhoseStorageCannotGrowThrowsAndChangesNothing() throws {
        let a = try makeAnimator()
        var items: [ItemID] = []
        for k in 0..<16 { items.append(try a.createItem(ItemDefinition(center: Vec2(Double(k) * 20, 0)))) }
        #expect(a.store.reservedSlots == 16)
        MemoryGate.failAllocation(after: 1)
        defer { MemoryGate.failAllocation(after: 0) }
        do {
            _ = try a.createItem(ItemDefinition(center: Vec2(400, 0)))
            Issue.record("the 17th item was made though its storage could not grow")
        } catch {
            #expect(error.code == .outOfMemory)
            #expect(error.message.contains("createItem") && error.message.contains("\(32 * ItemStore.bytesPerSlot) bytes"),
                    "\(error.message)")
        }
        #expect(a.store.count == 16 && a.store.order.count == 16 && a.store.reservedSlots == 16)
        #expect(a.validationFailure() == nil)
        // the failure was one allocation: the next call succeeds, and the items keep their state
        let seventeenth = try a.createItem(ItemDefinition(center: Vec2(400, 0)))
        #expect(try a.center(of: seventeenth) == Vec2(400, 0))
        #expect(a.store.reservedSlots == 32)
        for (k, item) in items.enumerated() { #expect(try a.center(of: item) == Vec2(Double(k) * 20, 0)) }
    }

    @Test func aReshapeWhoseOutlineCannotBeStoredThrowsAndKeepsTheOldShape() throws {
        let a = try makeAnimator()
        let box = try a.createItem(ItemDefinition(center: Vec2(100, 100), size: Size(width: 40, height: 40)))
        // fill the outline pools to their room, so that the next outline needs more
        while a.store.localVertices.count + 2 * maxPolygonVertices <= a.store.localVertices.capacity {
            _ = try a.createItem(ItemDefinition(size: Size(width: 10, height: 10)))
        }
        let outline = try hexagon(radius: 20)
        _ = try a.createItem(ItemDefinition(size: Size(width: 10, height: 10)))
        MemoryGate.failAllocation(after: 1)
        defer { MemoryGate.failAllocation(after: 0) }
        #expect(throws: AnimaError.self) { try a.setPath(outline, of: box) }
        #expect(try a.shape(of: box) == .rectangle && a.path(of: box) == nil)
        #expect(a.store.geometry[Int(box.slot)].count == 4)
        try a.setPath(outline, of: box)
        #expect(a.store.geometry[Int(box.slot)].count == 6)
    }

    @Test func everyGrowthOfABuiltSceneFailedInTurnLeavesTheSameScene() throws {
        // the reference: built with no failure
        var none = 0
        let reference = try build(count: 120, failures: &none)
        #expect(none == 0)
        for _ in 0..<60 { try reference.step() }
        // the checked allocations the build asks for, each failed in turn
        let before = MemoryGate.allocationsAsked
        _ = try build(count: 120, failures: &none)
        let points = MemoryGate.allocationsAsked - before
        #expect(points >= 8, "the build asks for \(points) checked allocations")
        defer { MemoryGate.failAllocation(after: 0) }
        for n in 1...points {
            var failures = 0
            MemoryGate.failAllocation(after: n)
            let a = try build(count: 120, failures: &failures)
            MemoryGate.failAllocation(after: 0)
            #expect(failures == 1, "allocation \(n) of \(points): \(failures) calls failed")
            #expect(a.validationFailure() == nil)
            for _ in 0..<60 { try a.step() }
            // the same state to the bit: the failed call changed nothing
            for s in 0..<a.store.count {
                #expect(a.store.position[s] == reference.store.position[s] && a.store.angle[s] == reference.store.angle[s],
                        "allocation \(n): slot \(s) at \(a.store.position[s]), not \(reference.store.position[s])")
            }
        }
    }

    @Test func aValueWhoseStorageCannotGrowThrowsAndChangesNothing() throws {
        let a = try makeAnimator()
        let made = try (0..<16).map { k throws(AnimaError) in try a.createValue(ValueDefinition([Double(k), 1])) }
        #expect(a.values.reservedSlots == 16)
        MemoryGate.failAllocation(after: 1)
        defer { MemoryGate.failAllocation(after: 0) }
        do {
            _ = try a.createValue(ValueDefinition(0.5))
            Issue.record("the 17th value was made though its storage could not grow")
        } catch {
            #expect(error.code == .outOfMemory)
            #expect(error.message.contains("createValue") && error.message.contains("\(32 * ValueStore.bytesPerSlot) bytes"),
                    "\(error.message)")
        }
        #expect(a.liveValues == made && a.values.reservedSlots == 16)
        let next = try a.createValue(ValueDefinition(0.5))
        #expect(try a.components(of: next) == [0.5] && a.liveValues == made + [next])
        for (k, v) in made.enumerated() { #expect(try a.components(of: v) == [Double(k), 1]) }
    }

    @Test func aRestoredStoreGrowsThroughTheGateOnItsFirstCreation() throws {
        // a restored store's arrays are exactly full and its free list is not empty: the first
        // item made reuses a slot, and its creation order still goes through the gate
        let a = try makeAnimator()
        let items = try (0..<20).map { k throws(AnimaError) in try a.createItem(ItemDefinition(center: Vec2(Double(k) * 10, 0))) }
        for item in items.prefix(5) { try a.destroyItem(item) }
        try a.step()
        let b = try Animator.restore(try a.snapshot()).animator
        #expect(b.store.reservedSlots == 0)
        MemoryGate.failAllocation(after: 1)
        defer { MemoryGate.failAllocation(after: 0) }
        #expect(throws: AnimaError.self) { _ = try b.createItem(ItemDefinition(center: Vec2(-5, -5))) }
        #expect(b.items.count == 15 && b.validationFailure() == nil)
        // 20 slots (5 of them free) grow to 40 at the first creation
        let made = try (0..<10).map { _ throws(AnimaError) in try b.createItem(ItemDefinition(center: Vec2(-5, -5))) }
        #expect(b.items.count == 25 && b.store.reservedSlots == 40)
        #expect(try made.allSatisfy { m throws(AnimaError) in try b.center(of: m) == Vec2(-5, -5) })
        #expect(b.validationFailure() == nil)
    }

    @Test func aSizeNoMachineHasIsRefusedByMallocItself() {
        #expect(throws: AnimaError.self) { try MemoryGate.check(bytes: Int.max / 2, "a test") }
        do { try MemoryGate.check(bytes: 1 << 20, "a test") } catch { Issue.record("1 MiB refused: \(error)") }
    }

    /// A grid of `side` x `side` boxes that touch their neighbours, falling on a floor: its
    /// first step finds about 2 side^2 pairs at once.
    func crowd(side: Int) throws -> Animator {
        let a = try makeAnimator(bounds: Rect(x: 0, y: 0, width: Double(side) * 21 + 40, height: 2000))
        var items: [ItemID] = []
        for k in 0..<(side * side) {
            let x = 30 + Double(k % side) * 21, y = 1000 + Double(k / side) * 21
            items.append(try a.createItem(ItemDefinition(center: Vec2(x, y), size: Size(width: 20, height: 20))))
        }
        try a.addBehavior(GravityBehavior(owner: a, items: items))
        let collision = try CollisionBehavior(owner: a, items: items)
        try collision.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(collision)
        return a
    }

    func samePoses(_ a: Animator, _ b: Animator) -> Bool {
        for s in 0..<a.store.count {
            if a.store.position[s] != b.store.position[s] { return false }
            if a.store.angle[s] != b.store.angle[s] || a.store.velocity[s] != b.store.velocity[s] { return false }
        }
        return true
    }

    @Test func aStepWhoseStorageCannotGrowThrowsBeforeItChangesAnything() throws {
        let reference = try crowd(side: 12)
        for _ in 0..<60 { try reference.step() }
        let a = try crowd(side: 12)
        let fresh = try crowd(side: 12)
        defer { MemoryGate.failAllocation(after: 0) }
        // by step and by advance: the step's first checked allocation is its storage's room
        MemoryGate.failAllocation(after: 1)
        do {
            try a.step()
            Issue.record("the step ran though its storage could not grow")
        } catch {
            #expect(error.code == .outOfMemory && error.message.contains("step"), "\(error.message)")
        }
        MemoryGate.failAllocation(after: 1)
        #expect(throws: AnimaError.self) { try a.advance(1 / 60) }
        MemoryGate.failAllocation(after: 0)
        #expect(a.stepCount == 0 && a.elapsedTime == 0 && a.world.contacts.isEmpty)
        // the time the refused advance was given is not kept: a snapshot's check of the
        // accumulator (below one step) passes, and the next advance starts from where it was
        #expect(a.accumulator == 0)
        #expect(throws: Never.self) { _ = try Animator.restore(try a.snapshot()) }
        #expect(samePoses(a, fresh) && a.validationFailure() == nil)
        // nothing changed, so the scene goes on as one that never failed, to the bit
        for _ in 0..<60 { try a.step() }
        #expect(a.stepCount == 60 && samePoses(a, reference))
        #expect(a.world.contacts.count == reference.world.contacts.count)
    }

    @Test func newContactsTheStepCannotHoldWaitForTheNextStep() throws {
        let reference = try crowd(side: 16)
        try reference.step()
        let found = reference.world.contacts.count
        #expect(found > 300, "the first step found \(found) contacts")
        let a = try crowd(side: 16)
        defer { MemoryGate.failAllocation(after: 0) }
        // the step's room (1), then the growth for the pairs it found beyond that room (2)
        MemoryGate.failAllocation(after: 2)
        do {
            try a.step()
            Issue.record("the contact storage grew though its growth was refused")
        } catch {
            #expect(error.code == .outOfMemory && error.message.contains("contact storage"), "\(error.message)")
        }
        MemoryGate.failAllocation(after: 0)
        // the step ran without the new contacts, consistently, and the next one makes them
        #expect(a.stepCount == 1 && a.world.contacts.isEmpty && a.validationFailure() == nil)
        try a.step()
        #expect(a.world.contacts.count >= found - found / 20, "\(a.world.contacts.count) contacts, not about \(found)")
        for _ in 0..<240 { try a.step() }
        #expect(a.validationFailure() == nil)
        // the boxes stand as a stack on the floor: none sunk into another by more than 1 pt
        let floor = a.configuration.referenceBounds!.maxY
        for s in 0..<a.store.count { #expect(a.store.position[s].y < floor - 9) }
    }

    @Test func aMemoryBudgetRefusesGrowthPastItAndChangesNothing() throws {
        let a = try makeAnimator()
        #expect(a.memoryBudget == nil)
        #expect(throws: AnimaError.self) { try a.setMemoryBudget(0) }
        let budget = 1 << 20
        try a.setMemoryBudget(budget)
        var made = 0
        var refusal: AnimaError? = nil
        while refusal == nil && made < 100_000 {
            do {
                _ = try a.createItem(ItemDefinition(center: Vec2(Double(made % 100) * 6, Double(made / 100) * 6), size: Size(width: 5, height: 5)))
                made += 1
            } catch { refusal = error }
        }
        #expect(refusal?.code == .outOfMemory)
        #expect(refusal?.message.contains("memory budget of \(budget) bytes") == true, "\(refusal?.message ?? "")")
        // the store doubles: what it holds is at most the budget, and more than half of it
        #expect(a.memoryHeld <= budget && a.memoryHeld > budget / 4, "\(a.memoryHeld) bytes held")
        // each slot counts its store arrays and its share of the step's storage
        let perSlot = ItemStore.bytesPerSlot + World.stepBytesPerItem
        #expect(a.items.count == made && made > budget / perSlot / 4 && a.validationFailure() == nil,
                "\(made) items in \(budget) bytes at \(perSlot) bytes a slot")
        // a behavior is refused too, once the budget has no room for it, and so is the step
        // its items would need
        try a.setMemoryBudget(a.memoryHeld + 100)
        #expect(throws: AnimaError.self) { _ = try GravityBehavior(owner: a, items: a.items) }
        #expect(a.behaviors.isEmpty)
        try a.setMemoryBudget(nil)
        let g = try GravityBehavior(owner: a, items: a.items)
        try a.addBehavior(g)
        try a.setMemoryBudget(a.memoryHeld)
        do {
            try a.step()
            Issue.record("a step past the budget ran")
        } catch {
            #expect(error.code == .outOfMemory && error.message.contains("step") && error.message.contains("memory budget"), "\(error.message)")
        }
        #expect(a.stepCount == 0)
        try a.setMemoryBudget(nil)
        try a.step()
        #expect(a.stepCount == 1 && a.memoryBudget == nil)
    }

    /// The scene of `build`, made and stepped 120 times, each call retried once after `.outOfMemory`.
    func buildAndStep(_ failures: inout Int) throws -> Animator {
        let a = try build(count: 60, failures: &failures)
        for _ in 0..<120 {
            var failed = false
            do { try a.step() } catch { failed = error.code == .outOfMemory }
            if failed {
                failures += 1
                if let f = a.validationFailure() { Issue.record("after a failed step: \(f)") }
                try a.step()
            }
        }
        return a
    }

    @Test func everyCheckedAllocationOfASceneAndItsStepsFailedInTurnIsSurvived() throws {
        var none = 0
        let before = MemoryGate.allocationsAsked
        let reference = try buildAndStep(&none)
        let points = MemoryGate.allocationsAsked - before
        #expect(none == 0 && points >= 10, "\(points) checked allocations")
        defer { MemoryGate.failAllocation(after: 0) }
        for n in 1...points {
            var failures = 0
            MemoryGate.failAllocation(after: n)
            let a = try buildAndStep(&failures)
            MemoryGate.failAllocation(after: 0)
            #expect(failures == 1, "allocation \(n) of \(points): \(failures) calls failed")
            #expect(a.validationFailure() == nil && a.items.count == reference.items.count)
            try a.step()
        }
    }
}
